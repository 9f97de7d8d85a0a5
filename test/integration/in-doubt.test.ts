import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MoveSender } from "../../client/src/room/moveSender";
import type { TestClient } from "../support/client";
import { qwirkleView, scriptedMove, seatedPair } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Only what is true under faults (issue 32, points 1 and 2). A TCP proxy between the server and
 * Postgres loses Postgres's replies, freezes both ways, or freezes and thaws right at the moves'
 * deadline, while seated players of several rooms play, every move with a `moveId`, and resend a
 * move answered IN_DOUBT under its id as the web client does. Afterwards: no move answered
 * UNAVAILABLE is stored, every move answered IN_DOUBT is stored exactly once with the number its
 * final acknowledgement gave, every seat shows the database's version, and every refusal came
 * within DB_QUERY_TIMEOUT_MS plus 1 s.
 */
const QUERY_MS = 1500;
const CONNECT_MS = 1000;
const ROOMS = 4;

type Player = { client: TestClient; seat: number; token: string };
type Table = { roomId: string; players: Player[] };
/** One answer to one send of a move. */
type Sent = { roomId: string; moveId: string; resend: boolean; ms: number; ok: boolean; code: string | null; moveNumber: number | null };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.DATABASE_URL)("moves whose commit is in doubt", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseProxy: true, databaseTimeouts: { queryMs: QUERY_MS, connectMs: CONNECT_MS }, logLevel: "fatal" });
  });
  // Closing once took over a minute on a loaded CI machine (after every test had passed; not
  // reproduced alone): a slow close is given room, a stuck one still fails.
  afterAll(async () => {
    await server?.close();
  }, 180_000);

  /** The next move of a table: whoever is to move, once the seats have heard of the newest move; null when over. */
  const nextMove = async ({ players }: Table): Promise<{ mover: Player; move: unknown } | null> => {
    const newest = Math.max(...players.map((p) => p.client.latest.room.moveNumber));
    const latest = await players[0]!.client.waitFor((s) => s.room.moveNumber >= newest, 15_000);
    if (latest.room.status !== "playing") return null;
    const mover = players.find((p) => p.seat === latest.currentSeats[0])!;
    const snapshot = await mover.client.waitFor((s) => s.room.moveNumber === latest.room.moveNumber, 15_000);
    return { mover, move: scriptedMove(qwirkleView(snapshot, mover.seat)) };
  };

  /** Sends a move under a fresh id, and again under that id while the server cannot tell (as the web client does). */
  const playOnce = async (table: Table, log: Sent[]): Promise<boolean> => {
    const next = await nextMove(table);
    if (!next) return false;
    const moveId = randomBytes(12).toString("hex");
    for (let resend = false; ; resend = true) {
      const started = Date.now();
      const ack = await next.mover.client.emit("game:move", { roomId: table.roomId, seat: next.mover.seat, seatToken: next.mover.token, move: next.move, moveId });
      const sent: Sent = { roomId: table.roomId, moveId, resend, ms: Date.now() - started, ok: ack.ok, code: ack.ok ? null : ack.error.code, moveNumber: ack.ok ? ack.moveNumber : null };
      log.push(sent);
      // UNAVAILABLE to a resend says the resend changed nothing; the first send is still in doubt.
      if (sent.code === "IN_DOUBT" || (resend && sent.code === "UNAVAILABLE")) {
        await pause(200);
        continue;
      }
      if (!ack.ok) await pause(100);
      return true;
    }
  };

  /** Plays on every table until `fault` is over and `settleMs` more have passed; returns every answer. */
  const playThrough = async (tables: Table[], fault: () => Promise<void>, settleMs = 1500): Promise<Sent[]> => {
    const log: Sent[] = [];
    let stopAt = Number.POSITIVE_INFINITY;
    const drivers = tables.map(async (table) => {
      while (Date.now() < stopAt && (await playOnce(table, log)));
    });
    await fault();
    stopAt = Date.now() + settleMs;
    await Promise.all(drivers);
    return log;
  };

  // Normal games, not quick ones: on a quiet machine four quick games (about 16 moves each) were over
  // within the 300 ms before a fault began, and the fault met no move.
  const tables = async (): Promise<Table[]> => Promise.all(Array.from({ length: ROOMS }, () => seatedPair(server.url)));

  /** Everything the issue asks to hold after a fault. */
  const checkTruth = async (played: Table[], log: Sent[]) => {
    const ids = new Set(log.map((s) => s.moveId));
    const rows = await server.db.prisma.roomMove.findMany({ where: { moveId: { in: [...ids] } }, select: { moveId: true, moveNumber: true, roomId: true } });
    const stored = new Map(rows.map((row) => [row.moveId!, row]));
    const byId = new Map<string, Sent[]>();
    for (const sent of log) byId.set(sent.moveId, [...(byId.get(sent.moveId) ?? []), sent]);
    for (const [moveId, answers] of byId) {
      const first = answers[0]!;
      const last = answers.at(-1)!;
      // Answered "nothing was changed": it was not played.
      if (first.code === "UNAVAILABLE") expect({ moveId, stored: stored.has(moveId) }).toEqual({ moveId, stored: false });
      // Answered IN_DOUBT and resent under its id: played exactly once (the id is unique per room), as its acknowledgement says.
      if (answers.some((a) => a.code === "IN_DOUBT")) {
        expect({ moveId, last: last.code }).toEqual({ moveId, last: null });
        expect({ moveId, number: stored.get(moveId)?.moveNumber }).toEqual({ moveId, number: last.moveNumber });
      }
      if (last.ok) expect(stored.get(moveId)?.moveNumber).toBe(last.moveNumber);
    }
    // Every refusal within the bound plus 1 s, and only the refusals a database fault explains.
    for (const refused of log.filter((s) => !s.ok)) {
      expect(refused.ms).toBeLessThan(QUERY_MS + 1000);
      expect(["UNAVAILABLE", "IN_DOUBT"]).toContain(refused.code);
    }
    // Every seat converges to the database's version.
    for (const table of played) {
      const { version } = await server.db.prisma.room.findUniqueOrThrow({ where: { id: table.roomId }, select: { version: true } });
      for (const p of table.players) await p.client.waitFor((s) => s.room.version === version, 10_000);
    }
  };

  const closeAll = (played: Table[]) => played.forEach((t) => t.players.forEach((p) => p.client.close()));

  it.each([
    ["replies lost (Postgres runs and commits, its answers are held): in doubt, never refused; resent, played once", "holdReplies", "IN_DOUBT"],
    ["frozen both ways, then back: nothing refused was played, nothing in doubt played twice", "freeze", null],
  ] as const)("%s", async (_name, fault, expected) => {
    const played = await tables();
    try {
      const log = await playThrough(played, async () => {
        await pause(300);
        server.proxy![fault]();
        await pause(QUERY_MS * 2);
        server.proxy!.restore();
      });
      await checkTruth(played, log);
      expect(log.filter((s) => !s.ok && (expected === null || s.code === expected)).length).toBeGreaterThan(0);
    } finally {
      closeAll(played);
    }
  });

  it("a freeze that thaws right at the moves' deadline: each answer is the truth", async () => {
    const played = await tables();
    try {
      const log: Sent[] = [];
      // Moves are in flight on every table when the database freezes, and it wakes up as the first
      // of them reach their deadline: a little before, at, or a little after.
      for (const offsetMs of [-20, -5, 0, 5, 20]) {
        const round = await playThrough(played, async () => {
          await pause(200);
          server.proxy!.freeze();
          await pause(QUERY_MS + offsetMs);
          server.proxy!.restore();
        }, 300);
        log.push(...round);
      }
      expect(log.length).toBeGreaterThanOrEqual(ROOMS * 5);
      await checkTruth(played, log);
    } finally {
      closeAll(played);
    }
  });

  it("the web client's move sender resends a move answered IN_DOUBT under its id until it is known: played once", async () => {
    const table = await seatedPair(server.url);
    const { roomId, players } = table;
    try {
      const next = (await nextMove({ roomId, players }))!;
      const answers: string[] = [];
      const sentIds: string[] = [];
      const sender = new MoveSender<{ roomId: string; seat: number; seatToken: string; move: unknown }>(async (payload) => {
        sentIds.push(payload.moveId);
        const ack = await next.mover.client.emit("game:move", payload);
        answers.push(ack.ok ? "ok" : ack.error.code);
        return ack.ok ? { ok: true, value: { moveNumber: ack.moveNumber } } : { ok: false, error: ack.error };
      });
      server.proxy!.holdReplies(); // Postgres commits the move; its answer is held past the deadline
      const played = sender.move({ roomId, seat: next.mover.seat, seatToken: next.mover.token, move: next.move });
      await pause(QUERY_MS * 2);
      server.proxy!.restore();
      expect(await played).toEqual({ ok: true, value: { moveNumber: 1 } });
      expect(answers[0]).toBe("IN_DOUBT");
      expect(answers.at(-1)).toBe("ok");
      expect(new Set(sentIds).size).toBe(1);
      expect(await server.db.prisma.roomMove.count({ where: { roomId } })).toBe(1);
      expect((await server.db.prisma.roomMove.findFirstOrThrow({ where: { roomId } })).moveId).toBe(sentIds[0]);
      for (const p of players) await p.client.waitFor((s) => s.room.moveNumber === 1); // the other seat got it too
      expect(sender.waiting).toBe(false);
    } finally {
      closeAll([table]);
    }
  });

  it.each(["holdReplies", "freeze"] as const)("a chat message whose answer is lost (%s): IN_DOUBT within the bound, never UNAVAILABLE; resent under its client id, stored once", async (fault) => {
    const table = await seatedPair(server.url);
    const writer = table.players[0]!;
    try {
      const clientId = randomBytes(12).toString("hex");
      const send = () => writer.client.emit("chat:send", { roomId: table.roomId, text: "still there?", clientId });
      // Connected, clocks measured: the message's insert is its first round trip after the fault.
      expectOkChat(await writer.client.emit("chat:send", { roomId: table.roomId, text: "hello", clientId: randomBytes(12).toString("hex") }));
      server.proxy![fault]();
      const started = Date.now();
      const lost = await send();
      expect(Date.now() - started).toBeLessThan(QUERY_MS + 1000);
      expect(lost).toMatchObject({ ok: false, error: { code: "IN_DOUBT" } });
      server.proxy!.restore();
      await pause(300);
      const again = await send();
      expect(again.ok).toBe(true);
      expect(await server.db.prisma.chatMessage.count({ where: { roomId: table.roomId, clientId } })).toBe(1);
    } finally {
      closeAll([table]);
    }
  });
});

function expectOkChat(ack: { ok: boolean }): void {
  expect(ack.ok).toBe(true);
}
