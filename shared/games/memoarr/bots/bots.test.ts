import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PublicMoveSummary } from "../../../engine/types";
import { Rng, seedRng } from "../../../engine/rng";
import { sameCard } from "../cards";
import { CARD_CELLS } from "../cells";
import { memoarr } from "../game";
import { card, makeState, playAll, r } from "../testkit";
import type { Card, MemoarrMove, MemoarrMoveSummary, MemoarrState } from "../types";
import { easy, hard, medium } from "./index";

const BOTS = [easy, medium, hard];

function decide(bot: (typeof BOTS)[number], state: MemoarrState, seat: number, history: PublicMoveSummary[], seed = "r"): MemoarrMove {
  const rng = new Rng(seedRng(seed));
  return bot.decide({ view: memoarr.view(state, seat), seat, history, random: () => rng.next(), memory: memoarr.botMemory?.(state, seat) });
}

/** Plays moves and collects their public summaries, as a room's log would. */
function played(state: MemoarrState, moves: readonly [number, MemoarrMove][]): { state: MemoarrState; history: PublicMoveSummary[] } {
  let s = state;
  const history: PublicMoveSummary[] = [];
  for (const [seat, move] of moves) {
    const result = memoarr.apply(s, seat, move);
    if (!result.ok) throw new Error(result.error);
    s = result.state;
    history.push(result.summary);
  }
  return { state: s, history };
}

/** The same position with everything `seat` cannot know reshuffled: face-down cards it did not peek, the unused card, others' rubies, the reward deck. */
function reshuffled(state: MemoarrState, seat: number, rng: Rng): MemoarrState {
  const own = [...(state.peeked[seat] ?? []), ...(state.peekedBefore?.[seat] ?? [])]; // its peeks, this round's and the earlier ones
  const hidden = CARD_CELLS.filter((c) => !state.faceUp[c] && !own.some((p) => state.grid[c] && sameCard(p, state.grid[c] as Card)));
  const cards = rng.shuffle([...hidden.map((c) => state.grid[c] as Card), state.unused]);
  const grid = state.grid.slice();
  hidden.forEach((c, i) => (grid[c] = cards[i] ?? null));
  const others = state.won.flatMap((w, s) => (s === seat ? [] : w));
  const pile = rng.shuffle([...others, ...state.rewards]);
  let taken = 0;
  const won = state.won.map((w, s) => (s === seat ? w : w.map(() => pile[taken++] ?? 0)));
  return { ...state, grid, unused: cards[hidden.length] ?? state.unused, won, rewards: pile.slice(taken), rng: [9, 9, 9, 9] };
}

describe("bots", () => {
  it("never play an illegal move and decide only from what their seat may know", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 2, max: 4 }), fc.boolean(), (seed, seats, expertRules) => {
        let state = memoarr.setup({ expertRules, expertDisplay: false, peekSeconds: 5 }, seats, seed);
        const rng = new Rng(seedRng(`${seed}/bots`));
        const history: PublicMoveSummary[] = [];
        let moves = 0;
        while (state.phase !== "over" && moves < 1000) {
          const seat = memoarr.currentSeats(state)[0] ?? 0;
          const bot = BOTS[(seat + seed.length) % BOTS.length] ?? hard;
          const move = decide(bot, state, seat, history, `${seed}/${moves}`);
          if (moves % 5 === 0) {
            const other = reshuffled(state, seat, rng);
            expect(memoarr.view(other, seat)).toEqual(memoarr.view(state, seat));
            expect(memoarr.botMemory?.(other, seat)).toEqual(memoarr.botMemory?.(state, seat));
            expect(decide(bot, other, seat, history, `${seed}/${moves}`)).toEqual(move);
          }
          const result = memoarr.apply(state, seat, move);
          if (!result.ok) throw new Error(`${bot.id} played ${JSON.stringify(move)}: ${result.error}`);
          state = result.state;
          history.push(result.summary);
          moves++;
        }
        expect(state.phase).toBe("over");
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it("forget their peek without the memory the platform hands them (the view no longer shows it)", () => {
    const { state, history } = played(makeState({ seats: 2, turn: 1 }), [[1, r("B3")]]);
    const rng = new Rng(seedRng("m"));
    const picks = new Set(
      ["a", "b", "c", "d", "e", "f"].map((seed) => {
        const pick = new Rng(seedRng(seed));
        return JSON.stringify(medium.decide({ view: memoarr.view(state, 0), seat: 0, history, random: () => pick.next() }));
      }),
    );
    expect(picks.size).toBeGreaterThan(1);
    expect(medium.decide({ view: memoarr.view(state, 0), seat: 0, history, random: () => rng.next(), memory: { peek: "garbage" } }).type).toBe("reveal");
  });

  it("say ready during the peek", () => {
    const s = memoarr.setup({ expertRules: false, expertDisplay: false, peekSeconds: 5 }, 2, "x");
    for (const bot of BOTS) expect(decide(bot, s, 1, [])).toEqual({ type: "ready" });
  });

  it("medium and hard reveal a match they remember from their own peek", () => {
    // Seat 0 peeked A2–A4 (Cg Cp Cb); seat 1 reveals Pp: only Cp matches among them.
    const { state, history } = played(makeState({ seats: 2, turn: 1 }), [[1, r("B3")]]);
    for (const bot of [medium, hard]) {
      for (const seed of ["a", "b", "c"]) expect(decide(bot, state, 0, history, seed)).toEqual(r("A3"));
    }
  });

  it("hard remembers earlier rounds, following octopus swaps; medium forgets them", () => {
    const layout = `
      Cr Cg Cp Cb Cy
      Or Pg Pp Pb Py
      Pr Og -- Ob Oy
      Tr Tg Tp Tb Ty
      Wr Wg Wp Wb Wy`;
    // Round 1 (public log): the octopus was revealed on C1 and swapped with B1. Round 2: seat 1 reveals Tr.
    const round1: MemoarrMoveSummary[] = [
      { type: "reveal", seat: 1, round: 1, cell: "C1", card: card("Or"), match: null, eliminated: false, power: "octopus", skipped: null, roundEnd: null, gameOver: false },
      { type: "swap", seat: 1, round: 1, from: "C1", to: "B1" },
    ];
    const start = makeState({ seats: 3, turn: 2, round: 2, layout });
    const { state: redState, history } = played(start, [[2, r("D1")]]); // Tr: seat 0 must match it
    const log = [...round1, ...history];
    // Seat 0's peek (Cg Cp Cb) does not match Tr; the remembered Or, now on B1, does.
    for (const seed of ["a", "b", "c", "d"]) expect(decide(hard, redState, 0, log, seed)).toEqual(r("B1"));
    const mediumPicks = new Set(["a", "b", "c", "d", "e", "f"].map((seed) => JSON.stringify(decide(medium, redState, 0, log, seed))));
    expect(mediumPicks.size).toBeGreaterThan(1);
  });

  it("hard hides a card that does not match the penguin, and bans the next player's known match with a walrus", () => {
    const p = played(makeState({ seats: 2, options: { expertRules: true } }), [
      [0, r("A1")], // crab: again
      [0, r("A2")], // Cg, crab again
      [0, r("B2")], // Pg: penguin; face up: Cr (no match with Pg), Cg (match)
    ]);
    expect(decide(hard, p.state, 0, p.history)).toEqual({ type: "hide", cell: "A1" });
    const w = played(makeState({ seats: 3, options: { expertRules: true } }), [
      [0, r("E3")], // Wp: walrus
      [0, { type: "forbid", cell: "A1" }],
      [1, r("E1")], // Wr: walrus again; everyone has seen nothing else but seat 1's peek (E2–E4)
    ]);
    // Seat 2 (left) peeked B1–D1: Pr Or Tr, all red, all matching Wr: ban one of them.
    const ban = decide(hard, w.state, 1, w.history);
    expect(ban.type).toBe("forbid");
    expect(["B1", "C1", "D1"]).toContain(ban.type === "forbid" ? ban.cell : "");
  });
});
