import { describe, expect, it } from "vitest";
import type { WhisMoveSummary, WhisState } from "../types";
import { viewFor } from "../view";
import { mediumGame } from "./gamekit";
import { codeOf } from "./simulate";
import { timelineOf } from "./timeline";

const reshuffledThisRound = (history: readonly unknown[]): boolean => {
  let found = false;
  for (const s of history as WhisMoveSummary[]) {
    if (s.type !== "keep" && s.roundEnd !== null) found = false;
    else if ((s.type === "draw" || s.type === "pass") && s.reshuffled) found = true;
  }
  return found;
};

describe("WHIS round timeline", () => {
  it("after a reshuffle, knows which cards it put into the pile: the pile holds only those", () => {
    let after = 0;
    let known = 0;
    let exact = 0;
    for (const seed of ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]) {
      let before: WhisState | null = null;
      for (const { state, history } of mediumGame(seed)) {
        const previous = before;
        before = state;
        if (state.finished) continue;
        const timeline = timelineOf(viewFor(state, state.turn), history, () => 0.5);
        expect(timeline).not.toBeNull();
        const source = timeline?.pileSource ?? null;
        if (!reshuffledThisRound(history)) {
          expect(source).toBeNull();
          continue;
        }
        after++;
        if (source === null) continue;
        known++;
        const pile = new Array<number>(14).fill(0);
        for (const card of state.pile) pile[codeOf(card)] = (pile[codeOf(card)] ?? 0) + 1;
        pile.forEach((n, code) => expect(n).toBeLessThanOrEqual(source[code] ?? 0));
        const last = history.at(-1) as WhisMoveSummary;
        if ((last.type === "draw" || last.type === "pass") && last.reshuffled && previous !== null) {
          // Just reshuffled: the pile and the cards drawn from it since are exactly those cards.
          const fromNewPile = last.count - previous.pile.length;
          for (const card of (state.hands[last.seat] ?? []).slice(-fromNewPile)) pile[codeOf(card)] = (pile[codeOf(card)] ?? 0) + 1;
          expect(pile).toEqual(source);
          exact++;
        }
      }
    }
    expect(after).toBeGreaterThan(50);
    expect(exact).toBeGreaterThan(3);
    // Unknown only when the round's first card in play is lost: reshuffled, and first answered by a wild.
    expect(known / after).toBeGreaterThan(0.8);
  });
});
