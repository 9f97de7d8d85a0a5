import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { Answering, closeAllWhenAnswered, roundTrip } from "./closing";

/**
 * A socket.io server whose one event, "work", is answered after `workMs` and counted in `answering`,
 * as the room handlers do.
 */
async function serve(workMs: number) {
  const http = createServer();
  const io = new Server(http);
  const answering = new Answering();
  const sockets: Socket[] = [];
  io.on("connection", (socket) => {
    sockets.push(socket);
    socket.on("work", (n: number, ack: (answer: number) => void) => {
      answering.begin(socket);
      setTimeout(() => {
        ack(n);
        answering.end(socket);
      }, workMs);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const close = async () => {
    await io.close();
  };
  opened.push(close);
  const connected = async () => {
    const before = sockets.length;
    const client = connect(url, { transports: ["websocket"], forceNew: true, reconnection: false });
    opened.push(async () => void client.close());
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    while (sockets.length === before) await new Promise((r) => setTimeout(r, 1));
    return { client, socket: sockets.at(-1)! };
  };
  return { io, url, answering, connected };
}

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

/** Sends "work" without pause until the client hears "going" (or loses the connection); returns the ledger. */
function sendUntilNotice(client: ClientSocket) {
  const ledger: { n: number; answered: boolean }[] = [];
  let noticed = false;
  client.on("going", () => (noticed = true));
  const done = new Promise<void>((resolve) => {
    client.on("disconnect", () => resolve());
    const next = () => {
      if (noticed || !client.connected) return;
      const entry = { n: ledger.length, answered: false };
      ledger.push(entry);
      client.emit("work", entry.n, () => (entry.answered = true));
      setImmediate(next); // without waiting for answers: many events on their way at any moment
    };
    next();
  });
  return { ledger, done };
}

describe("closing sockets at shutdown", () => {
  it("a round trip is answered by a plain socket.io client (engine.io's private ping still works as relied on)", async () => {
    const { connected } = await serve(0);
    const { socket } = await connected();
    const engine = socket.conn as unknown as { sendPacket?: unknown; pingTimeoutTimer?: unknown };
    expect(typeof engine.sendPacket).toBe("function");
    expect("pingTimeoutTimer" in engine).toBe(true);
    const started = Date.now();
    expect(await roundTrip(socket, 2_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("answers every event sent before the client heard the notice, then closes", async () => {
    const { io, answering, connected } = await serve(30);
    const clients = await Promise.all([connected(), connected(), connected()]);
    const runs = clients.map(({ client }) => sendUntilNotice(client));
    await new Promise((r) => setTimeout(r, 50));
    io.emit("going");
    await closeAllWhenAnswered(clients.map((c) => c.socket), answering, 2_000);
    await Promise.all(runs.map((run) => run.done));
    for (const { ledger } of runs) {
      expect(ledger.length).toBeGreaterThan(3);
      expect(ledger.filter((e) => !e.answered)).toEqual([]);
    }
    expect(clients.every(({ client }) => !client.connected)).toBe(true);
  });

  it("is needed: closing the connection at once after the notice leaves events unanswered", async () => {
    const { io, connected } = await serve(30);
    const clients = await Promise.all([connected(), connected(), connected()]);
    const runs = clients.map(({ client }) => sendUntilNotice(client));
    await new Promise((r) => setTimeout(r, 50));
    io.emit("going");
    for (const { socket } of clients) socket.conn.close();
    await Promise.all(runs.map((run) => run.done));
    expect(runs.flatMap((run) => run.ledger).filter((e) => !e.answered).length).toBeGreaterThan(0);
  });

  it("closes within the grace a client that never answers the round trip", async () => {
    const { io, url, answering } = await serve(0);
    const sockets: Socket[] = [];
    io.on("connection", (socket) => sockets.push(socket));
    // A bare engine.io client that joins socket.io's namespace and then ignores everything (no pongs).
    const raw = new WebSocket(`${url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`);
    opened.push(async () => void raw.terminate());
    await new Promise((resolve) => raw.once("message", resolve)); // engine.io's open packet
    raw.send("40");
    while (sockets.length === 0) await new Promise((r) => setTimeout(r, 1));
    const closed = new Promise((resolve) => raw.once("close", resolve));
    const started = Date.now();
    await closeAllWhenAnswered(sockets, answering, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1_500);
    await closed;
  });
});
