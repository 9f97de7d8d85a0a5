import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayStates } from "../../shared/engine/replay";
import { LEVELS, type Level, type MahjongMoveSummary, type MahjongState } from "../../shared/games/mahjong";
import { findGame } from "../../shared/games/registry";
import { playHumanUntilOver, startHumanVsComputers } from "../support/humanVsComputers";
import type { TestClient } from "../support/client";
import { checkHiddenFaces, mahjongView, scriptedMahjongMove } from "../support/mahjong";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Mahjong++ through real sockets: a scripted human (seat 0) plays a computer of the same level to
 * the end, on each level. The human takes at most two pairs a turn and then ends it at once, and
 * computers play with no pause (the test server's default), so no turn waits for the clock. Then
 * the whole game is rebuilt from the seed and moves, and every payload the human's socket received
 * is checked against the true states: no face that was hidden at that moment (hard level).
 */
describe("Mahjong++ room", () => {
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  async function playToTheEnd(level: Level): Promise<{ roomId: string; human: TestClient; humanPairs: number }> {
    const table = await startHumanVsComputers(server.url, "mahjong", { level }, [level]);
    const { roomId, human, started } = table;
    clients.push(human);
    expect(started.room.seats.map((s) => s.kind)).toEqual(["human", "computer"]);
    const first = mahjongView(started, 0);
    expect(first?.options.level).toBe(level);
    expect(started.timer?.durationMs).toBe(first?.turnMs);

    let humanPairs = 0;
    await playHumanUntilOver(table, (latest) => {
      const view = mahjongView(latest, 0);
      if (view === undefined) return null;
      const move = scriptedMahjongMove(view, 2);
      if (move.type === "select" && view.selected !== null) humanPairs++;
      return move;
    });
    return { roomId, human, humanPairs };
  }

  it.each(LEVELS)("plays a whole %s game, human against the computer of that level", async (level) => {
    const { roomId, human, humanPairs } = await playToTheEnd(level);
    const final = human.latest;
    const view = mahjongView(final, 0);
    expect(final.outcome?.finished).toBe(true);
    expect(final.timer).toBeNull();
    expect(view?.finished).toBe(true);
    expect(["cleared", "blocked"]).toContain(view?.endReason);
    if (view?.endReason === "cleared") expect(view.tiles).toEqual([]);
    expect(final.outcome?.scores).toEqual(view?.scores);
    expect(humanPairs).toBeGreaterThan(0);

    // The game from the database: both seats moved, and the scores add up from the pairs' points.
    const row = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    const moves = await server.db.prisma.roomMove.findMany({ where: { roomId }, orderBy: { moveNumber: "asc" } });
    expect(moves.some((m) => m.seat === 0) && moves.some((m) => m.seat === 1)).toBe(true);
    const summaries = moves.map((m) => m.summary as unknown as MahjongMoveSummary);
    const scored = [0, 1].map((seat) => summaries.reduce((sum, s) => sum + (s.type === "select" && s.seat === seat ? s.points : 0), 0));
    expect(scored).toEqual(view?.scores);

    // Hidden faces: replay the true states and check every payload the human received.
    const game = findGame("mahjong");
    if (game === undefined || row.seed === null) throw new Error("no game or seed");
    const replay = replayStates(game, { seed: row.seed, options: row.options, seatCount: 2, moves: moves.map((m) => ({ seat: m.seat, move: m.move })) });
    expect(replay.brokenAt).toBeNull();
    const states = replay.states as MahjongState[];
    expect(states.at(-1)?.finished).toBe(true);
    const [checked, withHidden] = checkHiddenFaces(human.received, states, 0);
    expect(checked).toBeGreaterThan(moves.length / 2);
    if (level !== "hard") {
      expect(withHidden).toBe(0);
      return;
    }
    expect(withHidden).toBeGreaterThan(0); // faces really were down, and none was sent

    // The check itself catches a leak: the same snapshot with one face-down tile's true face in it.
    const hiddenAt = human.snapshots.find((s) => mahjongView(s, 0)?.tiles.some((t) => t.family === null));
    const leakyView = hiddenAt === undefined ? undefined : mahjongView(hiddenAt, 0);
    const down = leakyView?.tiles.find((t) => t.family === null);
    if (hiddenAt === undefined || leakyView === undefined || down === undefined) throw new Error("no face-down tile seen");
    const truth = states[hiddenAt.room.moveNumber]?.board[down.id];
    const leak = { ...hiddenAt, views: [{ seat: 0, view: { ...leakyView, tiles: leakyView.tiles.map((t) => (t.id === down.id ? { ...t, family: truth } : t)) } }] };
    expect(() => checkHiddenFaces([leak], states, 0)).toThrow(/not the engine's view|face down/u);
  });
});
