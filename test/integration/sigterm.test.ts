import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Ack, WireError } from "../../shared/protocol";
import { spawnServer, type ChildServer } from "../support/child";
import type { TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { qwirkleView, scriptedMove, seatedPair } from "../support/qwirkle";

type Player = { client: TestClient; seat: number; token: string };

/** One move a client sent: when, and what came back. */
interface Sent {
  readonly roomId: string;
  readonly moveId: string;
  readonly sentAt: number;
  answer: Ack<{ moveNumber: number }> | null;
  answeredAt: number | null;
}

const ROOMS = 12;

/**
 * Issue 32, point 5: a SIGTERM under load left 19 moves without an answer, because the sockets were
 * closed while they were on their way. Both players of every room send moves without pause, each
 * under its own `moveId` (the mover a legal one, the other seat one refused `NOT_YOUR_TURN`), and
 * stop once the server's restart notice (`server:error` `RESTARTING`) reaches them, as
 * docs/protocol.md asks of a client. Every move sent before that notice must have been answered
 * before its socket closed, and every answer must be true: an acknowledged move is stored, a refused
 * one is not.
 */
describe.runIf(process.env.DATABASE_URL)("SIGTERM under load", () => {
  let db: TestDatabase;
  let server: ChildServer | undefined;
  const clients: TestClient[] = [];
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.kill("SIGKILL");
    await db?.drop();
  });

  it("answers every move in flight before it closes the sockets, truthfully", async () => {
    db = await createTestDatabase();
    server = await spawnServer(db.env);
    const rooms = await Promise.all(Array.from({ length: ROOMS }, () => seatedPair(server!.url)));
    const players = rooms.flatMap(({ roomId, players }) => players.map((player) => ({ roomId, player })));
    clients.push(...players.map(({ player }) => player.client));
    const ledger: Sent[] = [];
    const noticed = new Set<TestClient>();
    const closedAt = new Map<TestClient, number>();
    for (const { player } of players) {
      player.client.socket.io.reconnection(false); // the server is going away: nowhere to reconnect to
      player.client.socket.on("server:error", (error: WireError) => {
        if (error.code === "RESTARTING") noticed.add(player.client);
      });
      player.client.socket.on("disconnect", () => closedAt.set(player.client, Date.now()));
    }

    /** Sends moves back to back until the notice (or the end of the connection). */
    const keepSending = async (roomId: string, player: Player) => {
      const { client } = player;
      while (!noticed.has(client) && client.socket.connected) {
        const latest = client.latest;
        const mine = latest.room.status === "playing" && latest.currentSeats.includes(player.seat);
        const move = mine ? scriptedMove(qwirkleView(latest, player.seat)) : ({ type: "pass" } as const);
        const sent: Sent = { roomId, moveId: randomBytes(16).toString("hex"), sentAt: Date.now(), answer: null, answeredAt: null };
        ledger.push(sent);
        const closed = new Promise<null>((resolve) => client.socket.once("disconnect", () => resolve(null)));
        const answer = await Promise.race([client.emit("game:move", { roomId, seat: player.seat, seatToken: player.token, move, moveId: sent.moveId }), closed]);
        if (answer === null) break; // the socket closed first: no answer
        sent.answer = answer;
        sent.answeredAt = Date.now();
        if (answer.ok) await client.waitFor((s) => s.room.moveNumber >= answer.moveNumber, 5_000).catch(() => undefined);
        else if (!mine) await new Promise((r) => setTimeout(r, 5)); // not our turn: ask again shortly
      }
    };
    const sending = players.map(({ roomId, player }) => keepSending(roomId, player));
    await new Promise((r) => setTimeout(r, 2_000));
    const killedAt = Date.now();
    const exited = server.kill("SIGTERM");
    await Promise.all(sending);
    expect(await exited).toBe(0); // a clean exit
    expect(Date.now() - killedAt).toBeLessThan(5_000); // and a quick one: clients answer a round trip in milliseconds
    server = undefined;

    const inFlight = ledger.filter((s) => s.sentAt <= killedAt && (s.answeredAt === null || s.answeredAt > killedAt));
    expect(inFlight.length).toBeGreaterThanOrEqual(ROOMS / 2); // under load: many moves were on their way at the signal
    const unanswered = ledger.filter((s) => s.answer === null);
    expect(unanswered.map((s) => ({ ...s, sentAfterKillMs: s.sentAt - killedAt }))).toEqual([]);
    expect(ledger.filter((s) => s.answer?.ok).length).toBeGreaterThan(ROOMS * 5); // the rooms were really playing
    expect(closedAt.size).toBe(players.length); // and every socket was closed by the server, after its answers

    // True answers: an acknowledged move is stored under its id, a refused one is not.
    const check = new pg.Client({ connectionString: db.databaseUrl });
    await check.connect();
    try {
      const stored = new Set((await check.query<{ move_id: string }>("SELECT move_id FROM room_moves WHERE move_id IS NOT NULL")).rows.map((r) => r.move_id));
      for (const sent of ledger) expect({ moveId: sent.moveId, stored: stored.has(sent.moveId) }).toEqual({ moveId: sent.moveId, stored: sent.answer?.ok === true });
    } finally {
      await check.end();
    }
  });
});
