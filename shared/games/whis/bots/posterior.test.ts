import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../../engine/rng";
import type { PublicMoveSummary } from "../../../engine/types";
import { applyMove } from "../apply";
import { scrambleHidden } from "../fuzzkit";
import { whis } from "../game";
import { card, makeState, randomSource } from "../testkit";
import type { WhisMove, WhisState } from "../types";
import { viewFor } from "../view";
import { mediumGame } from "./gamekit";
import { hard } from "./hard";
import { knowledgeOf } from "./knowledge";
import { medium } from "./medium";
import { Posterior } from "./posterior";
import { codeOf, type Code } from "./simulate";
import { timelineOf } from "./timeline";
import { unseenCodes } from "./worlds";

const SLOW_MS = 60_000;

/** Plays `moves` moves of medium bots from `state`, keeping the public summaries. */
function playMedium(start: WhisState, moves: number, seed: string): { state: WhisState; history: PublicMoveSummary[] } {
  let state = start;
  const history: PublicMoveSummary[] = [];
  for (let i = 0; i < moves && !state.finished; i++) {
    const input = { view: viewFor(state, state.turn), seat: state.turn, history, random: randomSource(`${seed}/${i}`) };
    const result = applyMove(state, state.turn, medium.decide(input));
    if (!result.ok) throw new Error(result.error);
    history.push(result.summary);
    state = result.state;
  }
  return { state, history };
}

function posteriorFor(state: WhisState, history: readonly PublicMoveSummary[], seed: string): Posterior | null {
  const input = { view: viewFor(state, state.turn), seat: state.turn, history, random: randomSource(seed) };
  const k = knowledgeOf(input);
  const rng = new Rng(seedRng(seed));
  const timeline = timelineOf(k.view, history, () => rng.next());
  return timeline === null ? null : new Posterior(k, timeline, unseenCodes(k), rng);
}

const sorted = (codes: readonly Code[]): Code[] => codes.slice().sort((a, b) => a - b);

describe("WHIS opponent model", () => {
  it("reads whole games of medium players: guesses deal exactly the unseen cards, in the public hand sizes", () => {
    for (const seed of ["a", "b", "c"]) {
      const game = whis.setup(whis.optionsSchema.parse({}), 4, seed);
      for (const moves of [0, 7, 40, 120]) {
        const { state, history } = playMedium(game, moves, seed);
        if (state.finished) continue;
        const posterior = posteriorFor(state, history, `${seed}${moves}`);
        expect(posterior, `${seed} after ${moves}`).not.toBeNull();
        posterior?.anneal(8000);
        const world = posterior?.world();
        const k = knowledgeOf({ view: viewFor(state, state.turn), seat: state.turn, history, random: () => 0 });
        expect(world?.hands.map((h) => h.length)).toEqual(state.hands.map((h) => h.length));
        expect(sorted(world?.hands[state.turn] ?? [])).toEqual(sorted(state.hands[state.turn]?.map(codeOf) ?? []));
        const hidden = [...(world?.hands.flatMap((h, seat) => (seat === state.turn ? [] : h)) ?? []), ...(world?.pile ?? [])];
        expect(sorted(hidden)).toEqual(sorted(unseenCodes(k)));
        // The true hands explain every move, so the chain finds guesses that do (nearly) as well.
        expect(posterior?.mismatchTotal, `${seed} after ${moves}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it("after a reshuffle, guesses put into the pile only cards the reshuffle put there", () => {
    let checked = 0;
    for (const seed of ["p1", "p2", "p3", "p4", "p5", "p6"]) {
      for (const { state, history } of mediumGame(seed)) {
        if (state.finished || history.length % 7 !== 0) continue;
        const rng = new Rng(seedRng(`${seed}/${history.length}`));
        const k = knowledgeOf({ view: viewFor(state, state.turn), seat: state.turn, history, random: () => rng.next() });
        const timeline = timelineOf(k.view, history, () => rng.next());
        const source = timeline?.pileSource ?? null;
        if (timeline === null || source === null) continue;
        const posterior = new Posterior(k, timeline, unseenCodes(k), rng);
        posterior.anneal(4000);
        for (let w = 0; w < 5; w++) {
          posterior.walk(20);
          const pile = new Array<number>(14).fill(0);
          for (const code of posterior.world().pile) pile[code] = (pile[code] ?? 0) + 1;
          pile.forEach((n, code) => expect(n).toBeLessThanOrEqual(source[code] ?? 0));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("gives up (null) when the summaries do not reach back to the round's deal", () => {
    const state = makeState({ hands: ["simple:water*2", "simple:wind*3"] });
    expect(posteriorFor(state, [], "x")).toBeNull();
  });

  it("learns that a medium player who asked for wind after Light held no ordinary card of the element asked", () => {
    // Seat 1 answers water with Light although it could hide anything: medium only does so without a
    // simple, special or transition of water, and it asks for the element it holds most of.
    const state = makeState({
      hands: ["simple:fire*6", "light simple:wind*3 attack:fire simple:fire", "simple:fire*6", "simple:fire*6"],
      pile: "simple:water*9 transition:water*3 special:water*2 simple:wind*6",
      turn: 1,
    });
    const { state: after, history } = playMedium(state, 1, "light");
    expect(history[0]).toMatchObject({ type: "play", card: card("light"), ask: "wind" });
    const posterior = posteriorFor(after, history, "light");
    posterior?.anneal(2000);
    let waters = 0;
    let winds = 0;
    for (let i = 0; i < 50; i++) {
      posterior?.walk(10);
      const hand = posterior?.world().hands[1] ?? [];
      waters += hand.filter((c) => c < 4 && c !== 1).length;
      winds += hand.filter((c) => c >= 8 && c < 12).length;
    }
    expect(waters).toBe(0);
    expect(winds).toBeGreaterThan(50); // three wind cards known in most guesses, against ~1 at random
  });

  it("hard decides the same when the hidden cards are dealt anew, with a whole round of summaries", () => {
    for (const seed of ["f1", "f2", "f3", "f4", "f5", "f6"]) {
      const game = whis.setup(whis.optionsSchema.parse({}), 4, seed);
      const { state, history } = playMedium(game, 11 + seed.charCodeAt(1) * 3, seed);
      if (state.finished) continue;
      const decide = (s: WhisState): WhisMove => hard.decide({ view: viewFor(s, s.turn), seat: s.turn, history, random: randomSource(seed) });
      expect(decide(scrambleHidden(state, state.turn, `${seed}/x`))).toEqual(decide(state));
    }
  }, SLOW_MS);
});
