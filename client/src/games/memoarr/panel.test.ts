import { describe, expect, it } from "vitest";
import { memoarr } from "../../../../shared/games/memoarr";
import type { Translate } from "../../lib/errors";
import { memoarrSeatDetail, memoarrSeatScore } from "./panel";

const t: Translate = (id) => id.replace("games.memoarr.ui.", "");

/**
 * Issue 18: after winning round 1, the players panel said 0 for the winner while their own header
 * said "Your rubies: 3". The panel now agrees with the header for one's own seat (the header sums
 * `myRewards`), shows "?" for the others with why, and the detail line says what is hidden.
 */
describe("Memoarr! in the players panel", () => {
  it("shows one's own rubies as the header does, and ? for the others, until the end", () => {
    let state = memoarr.setup(memoarr.optionsSchema.parse({}), 3, "panel-seed");
    for (let step = 0; step < 500 && !memoarr.view(state, 0).roundWinners.length; step++) {
      const timer = memoarr.timer?.(state) ?? null;
      const seat = memoarr.currentSeats(state)[0];
      const move = seat === undefined ? undefined : memoarr.legalMoves(state, seat)[0];
      const result = move !== undefined && seat !== undefined ? memoarr.apply(state, seat, move) : timer !== null ? memoarr.onTimeout?.(state, timer.key) : undefined;
      if (result === undefined || !result.ok) throw new Error(`stuck at step ${step}`);
      state = result.state;
    }
    const winner = memoarr.view(state, 0).roundWinners[0];
    expect(winner).toBeDefined();
    if (winner === undefined) return;
    const view = memoarr.view(state, winner);
    const header = (view.myRewards ?? []).reduce((a, b) => a + b, 0); // what MemoarrBoard shows as "Your rubies"
    expect(header).toBeGreaterThan(0);
    expect(memoarrSeatScore(view, winner, t)?.text).toBe(String(header));
    const other = (winner + 1) % 3;
    expect(memoarrSeatScore(view, other, t)).toEqual({ text: "?", title: "rubiesSecret" });
    expect(memoarrSeatDetail(view, other, t)).toContain("rubiesHidden");
    expect(memoarrSeatDetail(view, winner, t)).not.toContain("rubiesHidden");
  });
});
