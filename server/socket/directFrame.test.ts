import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { PacketType } from "socket.io-parser";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoomPush } from "../../shared/protocol";
import { EncodedJson } from "../rooms/encodedJson";
import { BatchedWebSocketServer } from "./batchedWebSocket";
import { answerDirectly, emitPush } from "./directFrame";
import { tableeParser } from "./parser";
import type { TableeServer, TableeSocket } from "./socketTypes";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A socket.io server set up as Tablée's (its parser and WebSocket server) and one client on `transports`; what the client receives, in order. */
async function connected(transports: ("websocket" | "polling")[]) {
  const http = createServer();
  const io: TableeServer = new Server(http, { parser: tableeParser, wsEngine: BatchedWebSocketServer });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const serverSide = new Promise<TableeSocket>((resolve) => io.once("connection", resolve));
  const client: ClientSocket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports, upgrade: false });
  const received: string[] = [];
  client.onAny((event: string, argument: unknown) => received.push(`${event} ${JSON.stringify(argument)}`));
  const socket = await serverSide;
  await new Promise<void>((resolve) => (client.connected ? resolve() : client.once("connect", () => resolve())));
  closers.push(async () => {
    client.close();
    await io.close();
  });
  return { socket, received, client };
}

const push = (n: number) => new EncodedJson<RoomPush>(JSON.stringify({ room: { id: "r", version: n }, views: [{ seat: 0, view: { text: "é\"\\" } }] }));
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("a push written as its WebSocket frame", () => {
  it("arrives as the event socket.io would have sent, parsed the same", async () => {
    const { socket, received } = await connected(["websocket"]);
    expect(emitPush(socket, push(1))).toBe(true);
    await until(() => received.length === 1);
    expect(received).toEqual([`room:snapshot ${push(1).text}`]);
  });

  it("goes through engine.io, after them, while engine.io holds packets of its own", async () => {
    const { socket, received } = await connected(["websocket"]);
    // The first is handed to the WebSocket; engine.io holds the second until the first's send calls back.
    socket.emit("server:error", { code: "BAD_REQUEST", message: "first" });
    socket.emit("server:error", { code: "RATE_LIMITED", message: "second" });
    expect(emitPush(socket, push(2))).toBe(false);
    await tick();
    expect(emitPush(socket, push(3))).toBe(true); // engine.io's queue is empty again
    await until(() => received.length === 4);
    expect(received).toEqual([
      'server:error {"code":"BAD_REQUEST","message":"first"}',
      'server:error {"code":"RATE_LIMITED","message":"second"}',
      `room:snapshot ${push(2).text}`,
      `room:snapshot ${push(3).text}`,
    ]);
  });

  it("goes through engine.io on long polling", async () => {
    const { socket, received } = await connected(["polling"]);
    expect(emitPush(socket, push(4))).toBe(false);
    await until(() => received.length === 1);
    expect(received).toEqual([`room:snapshot ${push(4).text}`]);
  });

  it("is not written to a socket that left", async () => {
    const { socket, received } = await connected(["websocket"]);
    socket.disconnect(true);
    expect(emitPush(socket, push(5))).toBe(false);
    await tick();
    expect(received).toEqual([]);
  });
});

describe("an answer written as its WebSocket frame", () => {
  /**
   * A server socket that answers each event with `answer(payload)` (twice: the second must go nowhere),
   * after `before`; and the acknowledgements socket.io itself sent.
   */
  async function answering(transports: ("websocket" | "polling")[], answer: (payload: unknown) => unknown, before = (_socket: TableeSocket) => {}) {
    const connection = await connected(transports);
    answerDirectly(connection.socket);
    const packet = vi.spyOn(connection.socket as unknown as { packet(packet: { type: number }): void }, "packet");
    const acksThroughSocketIo = () => packet.mock.calls.filter(([sent]) => sent.type === PacketType.ACK).length;
    connection.socket.onAny((_event: string, payload: unknown, ack: (answer: unknown) => void) => {
      before(connection.socket);
      ack(answer(payload));
      ack({ again: true });
    });
    const ask = (payload: unknown) =>
      new Promise<unknown>((resolve) =>
        connection.client.emit("question", payload, (answer: unknown) => {
          connection.received.push(`answer ${JSON.stringify(answer)}`);
          resolve(answer);
        }),
      );
    return { ...connection, ask, acksThroughSocketIo };
  }

  it("reaches the event's acknowledgement, once, as socket.io's would", async () => {
    const { ask, acksThroughSocketIo, received } = await answering(["websocket"], (payload) => ({ ok: true, echo: payload }));
    expect(await ask({ n: 1, text: "é\"\\" })).toEqual({ ok: true, echo: { n: 1, text: "é\"\\" } });
    expect(await ask([2])).toEqual({ ok: true, echo: [2] });
    expect(acksThroughSocketIo()).toBe(0);
    await tick();
    expect(received).toEqual(['answer {"ok":true,"echo":{"n":1,"text":"é\\"\\\\"}}', 'answer {"ok":true,"echo":[2]}']);
  });

  it("goes through socket.io, after them, while engine.io holds packets of its own", async () => {
    const { ask, acksThroughSocketIo, received } = await answering(
      ["websocket"],
      () => ({ ok: true }),
      (socket) => {
        socket.emit("server:error", { code: "BAD_REQUEST", message: "first" });
        socket.emit("server:error", { code: "RATE_LIMITED", message: "second" }); // engine.io holds this one
      },
    );
    await ask(null);
    expect(acksThroughSocketIo()).toBe(1);
    expect(received).toEqual(['server:error {"code":"BAD_REQUEST","message":"first"}', 'server:error {"code":"RATE_LIMITED","message":"second"}', 'answer {"ok":true}']);
  });

  it("goes through socket.io on long polling", async () => {
    const { ask, acksThroughSocketIo } = await answering(["polling"], () => ({ ok: false, error: { code: "BAD_REQUEST" } }));
    expect(await ask(1)).toEqual({ ok: false, error: { code: "BAD_REQUEST" } });
    expect(acksThroughSocketIo()).toBe(1);
  });
});
