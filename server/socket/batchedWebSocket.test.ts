import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer, type ServerOptions } from "ws";
import { BatchedWebSocketServer } from "./batchedWebSocket";

/** A server of `Server`'s kind and one client connected to it; counts the writes of the server's side. */
async function connected(Server: new (options: ServerOptions) => WebSocketServer) {
  const server = new Server({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const serverSide = new Promise<WebSocket>((resolve) => server.once("connection", resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.on("message", (data) => received.push(data.toString()));
  await new Promise((resolve) => client.once("open", resolve));
  const socket = await serverSide;
  // Each call of _write or _writev is one system call's worth of bytes handed to the kernel.
  const tcp = (socket as unknown as { _socket: Duplex & { _write: Function; _writev: Function } })._socket;
  const writes = { count: 0 };
  for (const method of ["_write", "_writev"] as const) {
    const original = tcp[method].bind(tcp);
    tcp[method] = (...args: unknown[]) => {
      writes.count++;
      return original(...args);
    };
  }
  const close = async () => {
    client.terminate();
    await new Promise((resolve) => server.close(resolve));
  };
  opened.push(close);
  return { socket, client, received, writes };
}

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("BatchedWebSocket", () => {
  it("writes the frames sent within one tick in one system call, in order", async () => {
    const { socket, received, writes } = await connected(BatchedWebSocketServer);
    socket.send("push");
    await Promise.resolve(); // a promise callback later in the same tick, as a move's answer is
    socket.send("answer");
    socket.send("third");
    await until(() => received.length === 3);
    expect(received).toEqual(["push", "answer", "third"]);
    expect(writes.count).toBe(1);
  });

  it("is what makes the difference: ws's own sockets write each frame alone", async () => {
    const { socket, received, writes } = await connected(WebSocketServer);
    socket.send("push");
    await Promise.resolve();
    socket.send("answer");
    socket.send("third");
    await until(() => received.length === 3);
    expect(writes.count).toBe(3);
  });

  it("calls each send back before the tick ends, so engine.io queues nothing behind a corked write", async () => {
    const { socket, received, writes } = await connected(BatchedWebSocketServer);
    const order: string[] = [];
    // engine.io's way: the next frame is sent from the previous one's callback.
    socket.send("first", () => {
      order.push("first sent");
      socket.send("second", () => order.push("second sent"));
    });
    await new Promise((resolve) => process.nextTick(resolve));
    expect(order).toEqual(["first sent", "second sent"]);
    await until(() => received.length === 2);
    expect(received).toEqual(["first", "second"]);
    expect(writes.count).toBe(1);
  });

  it("writes the frames of later ticks on their own", async () => {
    const { socket, received, writes } = await connected(BatchedWebSocketServer);
    socket.send("one");
    await new Promise((resolve) => setImmediate(resolve));
    socket.send("two");
    await until(() => received.length === 2);
    expect(writes.count).toBe(2);
  });

  it("closes the connection when the write of a frame already called back fails, as engine.io expects of a broken one", async () => {
    const { socket } = await connected(BatchedWebSocketServer);
    const closed = new Promise<number>((resolve) => socket.once("close", resolve));
    const calledBack = new Promise<Error | undefined>((resolve) => socket.send("taken", resolve));
    expect(await calledBack).toBeUndefined(); // called back in a microtask: the write itself waits for the uncork
    // The connection breaks before the tick's write reaches the system.
    const tcp = (socket as unknown as { _socket: Duplex })._socket;
    tcp.destroy(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(await closed).toBe(1006); // closed abnormally: engine.io's transport closes the socket.io connection
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });

  it("reports a send to a closed socket as an error, as ws does", async () => {
    const { socket } = await connected(BatchedWebSocketServer);
    socket.terminate();
    const error = await new Promise<Error | undefined>((resolve) => socket.send("late", resolve));
    expect(error).toBeInstanceOf(Error);
  });
});
