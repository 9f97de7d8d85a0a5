import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer } from "../support/child";
import { createTestDatabase } from "../support/database";
import { createRoom, expectOk, TestClient } from "../support/client";
import { playOne, qwirkleView, scriptedMove, seatedPair } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";
import { restartablePort } from "../support/ports";

type Player = { client: TestClient; seat: number; token: string };

/**
 * Exactly once, seen from the client (issue 19): a move sent with a `moveId` and resent (its answer
 * was lost) is answered as the first time — same move number — and never applied twice.
 */
describe("game:move with a client-chosen move id", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const stored = async (roomId: string) => (await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } })).moveNumber;
  /** The exact payload the mover sent, so the test can send it again. */
  const resend = (roomId: string, mover: Player, move: unknown, moveId: string) =>
    mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move, moveId });

  it("answers a resend with the original move number and applies the move once, even after the turn came back or a reload", async () => {
    const { roomId, players } = await seatedPair(server.url);
    try {
      const first = players[0]!.client.latest;
      const mover = players.find((p) => p.seat === first.currentSeats[0])!;
      const move = scriptedMove(qwirkleView(await mover.client.waitFor((s) => s.room.moveNumber === 0), mover.seat));
      const moveId = "move-0001-aBcD";
      expect(expectOk(await resend(roomId, mover, move, moveId)).moveNumber).toBe(1);
      expect(expectOk(await resend(roomId, mover, move, moveId)).moveNumber).toBe(1); // the answer was lost: sent again
      expect(await stored(roomId)).toBe(1);

      expectOk(await playOne(roomId, players, "move-0002-other")); // the other player moves: the mover's turn again
      for (const p of players) await p.client.waitFor((s) => s.room.moveNumber === 2);
      expect(expectOk(await resend(roomId, mover, move, moveId)).moveNumber).toBe(1); // not NOT_YOUR_TURN, not a second move
      server.app.rooms.forget(roomId); // a restarted process (or another one) knows it from the database
      expect(expectOk(await resend(roomId, mover, move, moveId)).moveNumber).toBe(1);
      expect(await stored(roomId)).toBe(2);
      expect(players.map((p) => p.client.latest.room.moveNumber)).toEqual([2, 2]);

      const other = players.find((p) => p !== mover)!;
      expect(await resend(roomId, other, move, moveId)).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } }); // another seat's id
      expect(await resend(roomId, mover, move, "short")).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
      expect(await resend(roomId, mover, move, "bad id with spaces")).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
      expect(await stored(roomId)).toBe(2);
    } finally {
      for (const p of players) p.client.close();
    }
  });

  it("a seat claimed with a token the client chose, resent (its answer lost), takes one seat and is answered as the first time", async () => {
    const { roomId } = await createRoom(server.url, "qwirkle");
    const ann = await TestClient.connect(server.url);
    try {
      expectOk(await ann.emit("room:watch", { roomId, seatTokens: [] }));
      const seatToken = "c".repeat(19) + "Ann-chosen-token-of-43-c"; // 43 characters of base64url
      const claim = { roomId, seat: 1, nickname: "Ann", seatToken };
      expect(expectOk(await ann.emit("seat:claim", claim))).toMatchObject({ seat: 1, seatToken });
      const version = (await server.app.rooms.get(roomId)).version;
      expect(expectOk(await ann.emit("seat:claim", claim))).toMatchObject({ seat: 1, seatToken }); // the resend
      expect((await server.app.rooms.get(roomId)).version).toBe(version); // nothing changed
      expect(await ann.emit("seat:claim", { ...claim, seat: 2 })).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } }); // one token, one seat
      expect(await ann.emit("seat:claim", { ...claim, seat: 2, seatToken: "short-token-16ch" })).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
      const seats = (await server.app.rooms.get(roomId)).seats.map((s) => s.kind);
      expect(seats.filter((kind) => kind === "human")).toHaveLength(1);
      // The page that lost the answer watches with the token it kept: it holds the seat.
      const page = await TestClient.connect(server.url);
      expect(expectOk(await page.emit("room:watch", { roomId, seatTokens: [seatToken] })).snapshot.you.seats).toEqual([1]);
      page.close();
    } finally {
      ann.close();
    }
  });

  it("refuses a resend the game moved on from (TABLE_CHANGED, nothing played), and still answers one it played", async () => {
    const { roomId, players } = await seatedPair(server.url);
    try {
      const at0 = await players[0]!.client.waitFor((s) => s.room.moveNumber === 0);
      const mover = players.find((p) => p.seat === at0.currentSeats[0])!;
      const chosen = scriptedMove(qwirkleView(await mover.client.waitFor((s) => s.room.moveNumber === 0), mover.seat));
      const played = "move-played-at-0";
      expect(expectOk(await resend(roomId, mover, chosen, played)).moveNumber).toBe(1);
      expectOk(await playOne(roomId, players)); // the other player: the mover's turn again, at move 2
      for (const p of players) await p.client.waitFor((s) => s.room.moveNumber === 2);
      const again = (moveId: string, move: unknown) => mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move, moveId, chosenAt: 0 });
      expect(expectOk(await again(played, chosen)).moveNumber).toBe(1); // played: its first answer
      // A move chosen at move 0 that never reached the server (its connection dropped): legal now, yet refused.
      const legalNow = scriptedMove(qwirkleView(mover.client.latest, mover.seat));
      expect(await again("move-never-played", legalNow)).toMatchObject({ ok: false, error: { code: "TABLE_CHANGED" } });
      expect(await stored(roomId)).toBe(2);
      server.app.rooms.forget(roomId); // the database's unique index still answers the one it played
      expect(expectOk(await again(played, chosen)).moveNumber).toBe(1);
      expect(await again("move-never-played", legalNow)).toMatchObject({ ok: false, error: { code: "TABLE_CHANGED" } });
      const fresh = await mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move: legalNow, moveId: "move-chosen-at-2", chosenAt: 2 });
      expect(expectOk(fresh).moveNumber).toBe(3);
    } finally {
      for (const p of players) p.client.close();
    }
  });

  it("recognises a move id older than the remembered tail through the database's unique index", async () => {
    const { roomId, players } = await seatedPair(server.url);
    try {
      expectOk(await playOne(roomId, players)); // sent without an id
      expectOk(await playOne(roomId, players));
      for (const p of players) await p.client.waitFor((s) => s.room.moveNumber === 2);
      // Give move 1 an id behind the server's back: as if it were far older than the tail it remembers.
      const row = await server.db.prisma.roomMove.update({ where: { roomId_moveNumber: { roomId, moveNumber: 1 } }, data: { moveId: "ancient-move-id" } });
      const mover = players.find((p) => p.seat === row.seat)!;
      const now = await mover.client.waitFor((s) => s.room.moveNumber === 2);
      expect(now.currentSeats).toEqual([row.seat]);
      const legal = scriptedMove(qwirkleView(now, mover.seat));
      expect(expectOk(await resend(roomId, mover, legal, "ancient-move-id")).moveNumber).toBe(1);
      expect(await stored(roomId)).toBe(2);
      expectOk(await resend(roomId, mover, legal, "a-fresh-move-id")); // play goes on
      expect(await stored(roomId)).toBe(3);
    } finally {
      for (const p of players) p.client.close();
    }
  });

  it("a move in flight when the server is killed: resent under its id after the restart, it is played exactly once", async () => {
    const db = await createTestDatabase();
    const port = await restartablePort();
    let child = await spawnServer(db.env, port);
    const { roomId, players } = await seatedPair(child.url);
    try {
      const mover = players.find((p) => p.seat === players[0]!.client.latest.currentSeats[0])!;
      const move = scriptedMove(qwirkleView(await mover.client.waitFor((s) => s.room.moveNumber === 0), mover.seat));
      const lost = resend(roomId, mover, move, "in-flight-move-1"); // its answer never comes back
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 20))); // before or after the commit: either way
      await child.kill("SIGKILL");
      child = await spawnServer(db.env, port);
      await expect.poll(() => mover.client.socket.connected, { timeout: 30_000 }).toBe(true);
      const again = expectOk(await resend(roomId, mover, move, "in-flight-move-1"));
      expect(again.moveNumber).toBe(1);
      const first = await Promise.race([lost, "no answer"]);
      if (first !== "no answer") expect(first).toEqual({ ok: true, moveNumber: 1 }); // it got out before the kill
      const row = await fetch(`${child.url}/api/rooms/${roomId}/log`).then((r) => r.json() as Promise<{ entries: { moveNumber: number; seat: number }[] }>);
      expect(row.entries).toEqual([expect.objectContaining({ moveNumber: 1, seat: mover.seat })]);
    } finally {
      for (const p of players) p.client.close();
      await child.kill("SIGKILL");
      await db.drop();
    }
  });
});
