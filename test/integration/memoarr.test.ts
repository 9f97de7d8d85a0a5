import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayStates } from "../../shared/engine/replay";
import type { MemoarrMoveSummary, MemoarrState } from "../../shared/games/memoarr";
import { findGame } from "../../shared/games/registry";
import { playHumanUntilOver, startHumanVsComputers } from "../support/humanVsComputers";
import type { TestClient } from "../support/client";
import { checkHiddenInformation, memoarrView, scriptedMemoarrMove } from "../support/memoarr";
import { startTestServer, type TestServer } from "../support/server";
import type { RoomSnapshot } from "../../shared/protocol";

const PEEK_SECONDS = 1;
const CLOCK_GRACE_MS = 3000;

/**
 * Memoarr! through real sockets: one scripted human and three computers play the 7 rounds with
 * expert rules, the peek ended sometimes by `ready` and sometimes by the server's clock; then every
 * payload the human's socket received is checked for hidden information.
 */
describe("Memoarr! room", () => {
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("plays 7 rounds of expert rules, 1 human and 3 computers, and never leaks a secret to the human", async () => {
    const table = await startHumanVsComputers(server.url, "memoarr", { expertRules: true, peekSeconds: PEEK_SECONDS }, ["easy", "medium", "hard"]);
    const { roomId, human, started } = table;
    clients.push(human);
    expect(started.room.seats.map((s) => s.bot)).toEqual([null, "easy", "medium", "hard"]);
    // The peek of round 1 is open for the human: its own 3 cards (top: A2–A4), and the countdown.
    const firstView = memoarrView(started, 0);
    expect(firstView?.peekOpen).toBe(true);
    expect(firstView?.myPeek?.map((p) => p.cell)).toEqual(["A2", "A3", "A4"]);
    expect(started.timer).toMatchObject({ key: "peek:1", durationMs: 1000 });

    let picks = 0;
    let stalledClocks = 0;
    await playHumanUntilOver(
      table,
      async (latest) => {
        const view = memoarrView(latest, 0);
        if (view === undefined) return null;
        const n = latest.room.moveNumber;
        if (view.phase === "peek" && view.round % 2 === 0) {
          // Even rounds: the human waits and the server's clock ends the peek (the computers are ready
          // at once). Odd rounds: the human's "ready" ends it.
          const moved = (s: RoomSnapshot): boolean => s.room.moveNumber > n || s.room.status === "finished";
          const ended = await human.waitFor(moved, 1000 * PEEK_SECONDS + CLOCK_GRACE_MS).catch(() => null);
          if (ended !== null) return null;
          // See the report: the server's timer can fire a little early, be found "not due", and never be re-armed.
          stalledClocks++;
          console.warn(`*** Memoarr integration: the peek clock of round ${view.round} did not fire; the human says ready instead ***`);
        }
        return view.phase === "peek" ? ({ type: "ready" } as const) : scriptedMemoarrMove(view, picks++);
      },
      // The clock may end the peek between the snapshot we read and our "ready": that refusal is fine.
      (move, at) => (move as { type: string }).type === "ready" && human.latest.room.moveNumber > at,
    );

    const final = human.latest;
    expect(final.outcome?.finished).toBe(true);
    const finalView = memoarrView(final, 0);
    expect(finalView?.finished).toBe(true);
    expect(finalView?.round).toBe(7);
    expect(finalView?.roundWinners).toHaveLength(7);
    expect(finalView?.rubies?.reduce((a, b) => a + b, 0)).toBe(14); // 1+1+1+2+2+3+4, each card used once
    expect(final.outcome?.scores).toEqual(finalView?.rubies);
    expect(stalledClocks).toBeLessThan(3); // at least one peek of the three even rounds ended by the clock

    // The whole game from the database: every seat moved, the clock ended some peeks, powers were used.
    const row = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    const moves = await server.db.prisma.roomMove.findMany({ where: { roomId }, orderBy: { moveNumber: "asc" } });
    expect(new Set(moves.map((m) => m.seat))).toEqual(new Set([-1, 0, 1, 2, 3]));
    const summaries = moves.map((m) => m.summary as unknown as MemoarrMoveSummary);
    expect(summaries.filter((s) => s.type === "peekEnd").length).toBeGreaterThanOrEqual(3 - stalledClocks);
    expect(summaries.some((s) => s.type === "reveal" && s.power !== null)).toBe(true);
    expect(summaries.filter((s) => s.type === "reveal" && s.roundEnd !== null).map((s) => (s.type === "reveal" ? s.roundEnd?.round : 0))).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Hidden information: replay the true states and check every payload the human received.
    const game = findGame("memoarr");
    if (game === undefined || row.seed === null) throw new Error("no game or seed");
    const replay = replayStates(game, { seed: row.seed, options: row.options, seatCount: 4, moves: moves.map((m) => ({ seat: m.seat, move: m.move })) });
    expect(replay.brokenAt).toBeNull();
    const states = replay.states as MemoarrState[];
    expect(states.at(-1)?.phase).toBe("over");
    const checked = checkHiddenInformation(human.received, states, moves, 0);
    expect(checked).toBeGreaterThan(moves.length / 2);
  });
});
