import { afterAll, describe, expect, it } from "vitest";
import { replayStates } from "../../shared/engine/replay";
import { RoomStore } from "../../server/rooms/store";
import { findGame } from "../../shared/games/registry";
import { openDatabase } from "../../server/db/database";
import { spawnServer, type ChildServer } from "../support/child";
import type { TestClient } from "../support/client";
import { createTestDatabase } from "../support/database";
import { qwirkleView, scriptedMove, seatedPair } from "../support/qwirkle";
import { startTestServer } from "../support/server";
import { restartablePort } from "../support/ports";

type Player = { client: TestClient; seat: number; token: string };

/** Plays scripted moves while `running()`; returns the highest move number acknowledged. */
async function keepPlaying(roomId: string, players: Player[], running: () => boolean): Promise<number> {
  let acked = 0;
  while (running()) {
    const latest = players[0]!.client.snapshots.at(-1);
    if (!latest || latest.room.status !== "playing") break;
    const mover = players.find((p) => p.seat === latest.currentSeats[0]);
    const snapshot = [...(mover?.client.snapshots ?? [])].reverse().find((s) => s.room.moveNumber === latest.room.moveNumber);
    if (!mover || !snapshot) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const ack = await Promise.race([
      mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move: scriptedMove(qwirkleView(snapshot, mover.seat)) }),
      new Promise<{ ok: false }>((r) => setTimeout(() => r({ ok: false }), 1500)),
    ]);
    if (ack.ok) acked = Math.max(acked, (ack as { moveNumber: number }).moveNumber);
    else await new Promise((r) => setTimeout(r, 50));
    await Promise.race([players[0]!.client.waitFor((s) => s.room.moveNumber > latest.room.moveNumber, 1500).catch(() => null)]);
  }
  return acked;
}

describe("churn and kills under load", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("SIGKILL while many rooms play: every acknowledged move survives, no room is corrupted, clients reconnect", async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const port = await restartablePort();
    let server: ChildServer = await spawnServer(db.env, port);
    cleanups.push(async () => void (await server.kill("SIGKILL")));
    const rooms = await Promise.all(Array.from({ length: 10 }, () => seatedPair(server.url)));
    cleanups.push(() => rooms.forEach((r) => r.players.forEach((p) => p.client.close())));
    let running = true;
    const playing = rooms.map((r) => keepPlaying(r.roomId, r.players, () => running));
    await new Promise((r) => setTimeout(r, 2500));
    expect(await server.kill("SIGKILL")).toBeNull();
    running = false;
    const acked = await Promise.all(playing);
    expect(acked.reduce((a, b) => a + b, 0)).toBeGreaterThan(20); // the rooms were really playing

    const before = rooms.map((r) => r.players.map((p) => p.client.snapshots.length));
    server = await spawnServer(db.env, port);
    // The clients reconnect by themselves and, from the new server, see every move they had acknowledged.
    for (const [i, { roomId, players }] of rooms.entries()) {
      for (const [j, p] of players.entries()) {
        const since = before[i]?.[j] ?? 0;
        await p.client.waitFor((s) => p.client.snapshots.indexOf(s) >= since && s.room.id === roomId && s.room.moveNumber >= (acked[i] ?? 0), 30_000);
      }
    }
    // Then the stored truth, read once the server has stopped (an embedded PGlite belongs to one process).
    await server.kill("SIGTERM");
    const check = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    cleanups.push(() => check.close());
    const game = findGame("qwirkle")!;
    for (const [i, { roomId, players }] of rooms.entries()) {
      const row = await check.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
      expect(row.moveNumber).toBeGreaterThanOrEqual(acked[i] ?? 0); // nothing acknowledged was lost
      const moves = await check.prisma.roomMove.findMany({ where: { roomId }, orderBy: { moveNumber: "asc" } });
      expect(moves.map((m) => m.moveNumber)).toEqual(Array.from({ length: row.moveNumber }, (_, n) => n + 1));
      // Not corrupted: replaying the log from the seed gives exactly the stored checkpoint at its move,
      // and the room as loaded (checkpoint + the moves since) is the log's last state.
      const { states, brokenAt } = replayStates(game, { seed: row.seed ?? "", options: row.options, seatCount: 2, moves: moves.map((m) => ({ seat: m.seat, move: m.move })) });
      expect(brokenAt).toBeNull();
      expect(JSON.parse(JSON.stringify(states[row.stateMoveNumber]))).toEqual(row.state);
      const loaded = await new RoomStore(check.prisma, check.pool).load(roomId, findGame);
      expect(loaded?.state).toEqual(JSON.parse(JSON.stringify(states.at(-1))));
      // What the clients were shown after the restart is what is stored.
      for (const p of players) expect(p.client.latest.room.moveNumber).toBe(row.moveNumber);
    }
  });

  it("clients that drop and reconnect at random end in the same state as the server", async () => {
    const server = await startTestServer();
    cleanups.push(() => server.close());
    const rooms = await Promise.all(Array.from({ length: 3 }, () => seatedPair(server.url)));
    cleanups.push(() => rooms.forEach((r) => r.players.forEach((p) => p.client.close())));
    let running = true;
    const all = rooms.flatMap((r) => r.players);
    const churn = setInterval(() => {
      const victim = all[Math.floor(Math.random() * all.length)];
      victim?.client.socket.io.engine.close(); // a dropped connection: socket.io reconnects by itself
    }, 150);
    const playing = rooms.map((r) => keepPlaying(r.roomId, r.players, () => running));
    await new Promise((r) => setTimeout(r, 3000));
    clearInterval(churn);
    running = false;
    await Promise.all(playing);
    for (const { roomId, players } of rooms) {
      const room = await server.app.rooms.get(roomId);
      const game = server.app.rooms.gameOf(room);
      for (const p of players) {
        // Convergence, not speed: a client may still be in its reconnection backoff on a loaded machine.
        const last = await p.client.waitFor((s) => s.room.moveNumber === room.moveNumber && p.client.socket.connected, 30_000);
        expect(last.views).toEqual([{ seat: p.seat, view: JSON.parse(JSON.stringify(game.view(room.state, p.seat))) }]);
      }
    }
  });
});
