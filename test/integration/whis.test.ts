import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WhisMoveSummary } from "../../shared/games/whis";
import { formatWhisSummary } from "../../client/src/games/whis/summary";
import { playHumanUntilOver, startHumanVsComputers } from "../support/humanVsComputers";
import type { TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { checkWhisSnapshots, scriptedWhisMove, whisView } from "../support/whis";

/**
 * WHIS through real sockets: one scripted human (seat 0) against the three computer levels plays
 * the whole game (5 rounds); every round is scored as the seed says and nothing private of the
 * computers ever reaches the human's socket.
 */
describe("WHIS room", () => {
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ botThreads: 2 }); // as in production: computers think on worker threads
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  async function playGame(options: Record<string, unknown>): Promise<{ human: TestClient; roomId: string; decisions: number }> {
    const table = await startHumanVsComputers(server.url, "whis", options, ["easy", "medium", "hard"]);
    const { roomId, human, started } = table;
    clients.push(human);
    expect(started.room.seats.map((s) => s.bot)).toEqual([null, "easy", "medium", "hard"]);
    const first = whisView(started, 0);
    expect(first?.hand).toHaveLength(6);
    expect(first?.handCounts).toEqual([6, 6, 6, 6]);
    expect(first?.top.kind).toBe("simple");

    let decisions = 0;
    await playHumanUntilOver(table, (latest) => {
      const view = whisView(latest, 0);
      return view === undefined ? null : scriptedWhisMove(view, decisions++);
    });
    return { human, roomId, decisions };
  }

  it("plays a full 5-round game, 1 scripted human and 3 computers, scored round by round", async () => {
    const { human, roomId, decisions } = await playGame({});
    const final = human.latest;
    expect(final.outcome?.finished).toBe(true);
    const view = whisView(final, 0);
    expect(view?.finished).toBe(true);
    expect(view?.round).toBe(5);
    expect(view?.results.map((r) => r.round)).toEqual([1, 2, 3, 4, 5]);
    expect(decisions).toBeGreaterThan(5);

    // The per-round table adds up: each round's totals are the previous totals plus its changes,
    // and the final totals are the platform's scores.
    let totals = [0, 0, 0, 0];
    for (const result of view?.results ?? []) {
      expect((result.winner === null) !== (result.loser === null)).toBe(true);
      totals = totals.map((t, seat) => t + (result.changes[seat] ?? 0));
      expect(result.totals).toEqual(totals);
    }
    expect(final.outcome?.scores).toEqual(totals);
    expect(view?.scores).toEqual(totals);

    // Every seat moved; every record reads as history text (the client's formatter).
    const moves = await server.db.prisma.roomMove.findMany({ where: { roomId }, orderBy: { moveNumber: "asc" } });
    expect(new Set(moves.map((m) => m.seat))).toEqual(new Set([0, 1, 2, 3]));
    // Every computer move was decided on a bot thread.
    expect(server.app.decider.threadDecisions).toBeGreaterThanOrEqual(moves.filter((m) => m.seat > 0).length);
    const summaries = moves.map((m) => m.summary as unknown as WhisMoveSummary);
    const t = (id: string, o?: { values?: Record<string, string | number> }) => `${id}${JSON.stringify(o?.values ?? {})}`;
    for (const summary of summaries) expect(formatWhisSummary(summary, t)).toBeTypeOf("string");
    const ends = summaries.flatMap((s) => (s.type !== "keep" && s.roundEnd !== null ? [s.roundEnd.round] : []));
    expect(ends).toEqual([1, 2, 3, 4, 5]);
    expect(summaries.some((s) => s.type === "play" && s.seat === 0)).toBe(true);
    expect(summaries.some((s) => (s.type === "draw" || s.type === "pass") && s.seat === 0)).toBe(true);

    // The human's socket only ever saw its own seat's view: no other hand, no pile order, no Rng.
    expect(checkWhisSnapshots(human.snapshots, 0)).toBeGreaterThan(decisions);
  });

  it("plays a short game with a custom deck (many Lights) and 2 rounds", async () => {
    const deck = { simple: 9, attack: 3, special: 3, transition: 3, light: 10, darkness: 3 };
    const { human } = await playGame({ deck, rounds: 2 });
    const view = whisView(human.latest, 0);
    expect(view?.options).toEqual({ deck, rounds: 2 });
    expect(view?.deckSize).toBe(67);
    expect(view?.results).toHaveLength(2);
    expect(human.latest.outcome?.finished).toBe(true);
  });
});
