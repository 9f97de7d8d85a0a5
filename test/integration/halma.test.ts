import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campCells, goalCells, hasWon, gridOf, type HalmaMoveSummary } from "../../shared/games/halma";
import type { RoomSnapshot } from "../../shared/protocol";
import { createRoom, expectOk, TestClient } from "../support/client";
import { greedyMove, halmaView } from "../support/halma";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Halma rooms on a real server: a scripted human against three computers plays a 4-player game to
 * its end (a win, or the 300-round rule), and a 3-player start is refused.
 */
describe("Halma rooms", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const connect = async (): Promise<TestClient> => {
    const client = await TestClient.connect(server.url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("plays a 4-player game of one scripted human and three computers to the end", async () => {
    const { roomId, creatorToken } = await createRoom(server.url, "halma");
    const human = await connect();
    expectOk(await human.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const token = expectOk(await human.emit("seat:claim", { roomId, seat: 0, nickname: "Human" })).seatToken;
    for (const [i, bot] of ["easy", "medium", "hard"].entries()) {
      expectOk(await human.emit("seat:configure", { roomId, creatorToken, seat: i + 1, kind: "computer", bot }));
    }
    expectOk(await human.emit("room:watch", { roomId, seatTokens: [token], creatorToken }));
    expectOk(await human.emit("game:start", { roomId, creatorToken }));
    const started = await human.waitFor((s) => s.room.status === "playing");
    const first = halmaView(started, 0);
    expect(first.players).toBe(4);
    expect(first.pieces.map((p) => p.length)).toEqual([13, 13, 13, 13]);
    expect(first.camps[0]).toEqual(campCells(4, 0));

    // A human move that breaks the rules is refused with the engine's code and changes nothing.
    const refused = await human.emit("game:move", {
      roomId,
      seat: 0,
      seatToken: token,
      move: { path: [campCells(4, 0)[0] ?? { row: 15, col: 0 }, { row: 8, col: 8 }] },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: "RULE_VIOLATION", rule: "NOT_A_STEP_OR_JUMP" } });

    let final: RoomSnapshot | null = null;
    let humanMoves = 0;
    for (let guard = 0; guard < 5_000 && final === null; guard++) {
      const latest = human.latest;
      if (latest.room.status === "finished") {
        final = latest;
        break;
      }
      if (latest.currentSeats[0] !== 0) {
        await human.waitFor((s) => s.room.moveNumber > latest.room.moveNumber || s.room.status === "finished", 30_000);
        continue;
      }
      const move = greedyMove(halmaView(latest, 0), 0);
      const ack = expectOk(await human.emit("game:move", { roomId, seat: 0, seatToken: token, move }));
      humanMoves++;
      await human.waitFor((s) => s.room.moveNumber >= ack.moveNumber);
    }
    if (final === null) throw new Error("the game did not end");

    const view = halmaView(final, 0);
    expect(final.outcome?.finished).toBe(true);
    expect(view.finished).toBe(true);
    expect(view.endReason === "win" || view.endReason === "round-limit").toBe(true);
    expect(view.winners.length).toBeGreaterThan(0);
    expect(final.outcome?.winners).toEqual(view.winners);
    if (view.endReason === "win") {
      const winner = view.winners[0] ?? -1;
      // Parlett's rule on the final position: the winner's goal is full and holds one of its pieces.
      expect(hasWon(4, gridOf(view.pieces), winner)).toBe(true);
      const own = new Set(view.pieces[winner]?.map((c) => `${c.row},${c.col}`));
      expect(goalCells(4, winner).some((c) => own.has(`${c.row},${c.col}`))).toBe(true);
    } else {
      expect(view.round).toBe(view.maxRounds);
    }
    expect(humanMoves).toBeGreaterThan(10);
    // Every seat moved, and every record carries the full path for the board to animate.
    const rows = await server.db.prisma.roomMove.findMany({ where: { roomId } });
    expect(new Set(rows.map((m) => m.seat))).toEqual(new Set([0, 1, 2, 3]));
    const last = final.log.at(-1)?.summary as HalmaMoveSummary | undefined;
    expect(last?.type).toBe("move");
    expect(last?.path.length).toBeGreaterThanOrEqual(2);
    expect(view.pieces.map((p) => p.length)).toEqual([13, 13, 13, 13]);
  }, 180_000);

  it("refuses to start with 3 players (BAD_SEAT_COUNT)", async () => {
    const { roomId, creatorToken } = await createRoom(server.url, "halma");
    const host = await connect();
    expectOk(await host.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const token = expectOk(await host.emit("seat:claim", { roomId, seat: 0, nickname: "Host" })).seatToken;
    expectOk(await host.emit("seat:configure", { roomId, creatorToken, seat: 1, kind: "computer", bot: "easy" }));
    expectOk(await host.emit("seat:configure", { roomId, creatorToken, seat: 2, kind: "computer", bot: "medium" }));
    expectOk(await host.emit("seat:configure", { roomId, creatorToken, seat: 3, kind: "closed" }));
    expectOk(await host.emit("room:watch", { roomId, seatTokens: [token], creatorToken }));
    expect(await host.emit("game:start", { roomId, creatorToken })).toMatchObject({ ok: false, error: { code: "BAD_SEAT_COUNT" } });
    const row = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    expect(row.status).toBe("waiting");
    // With the fourth seat given to a computer, the same room starts.
    expectOk(await host.emit("seat:configure", { roomId, creatorToken, seat: 3, kind: "computer", bot: "easy" }));
    expectOk(await host.emit("game:start", { roomId, creatorToken }));
    const started = await host.waitFor((s) => s.room.status === "playing");
    expect(halmaView(started, 0).players).toBe(4);
  });
});
