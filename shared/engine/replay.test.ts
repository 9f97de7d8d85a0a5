import { describe, expect, it } from "vitest";
import { countdownGame } from "../../test/support/countdownGame";
import { qwirkle } from "../games/qwirkle";
import { eraseGame } from "./erase";
import { replayStates } from "./replay";

describe("replayStates", () => {
  it("rebuilds a game from its seed and moves, clock moves included", () => {
    const { states, brokenAt } = replayStates(countdownGame, {
      seed: "s",
      options: { turnMs: 100 },
      seatCount: 2,
      moves: [
        { seat: 0, move: { type: "pass" } },
        { seat: -1, move: { type: "timeout", key: "turn:1" } },
      ],
    });
    expect(brokenAt).toBeNull();
    expect(states.at(-1)).toEqual({ turn: 2, timeouts: 1, turnMs: 100 });
  });

  it("reproduces the same deal from the same seed, and stops at a move that does not apply", () => {
    const game = eraseGame(qwirkle);
    const { states, brokenAt } = replayStates(game, { seed: "abc", options: { mode: "quick", board: "12x26" }, seatCount: 2, moves: [{ seat: 1, move: { type: "pass" } }] });
    expect(states[0]).toEqual(game.setup({ mode: "quick", board: "12x26" }, 2, "abc"));
    expect(brokenAt).toBe(0);
  });
});
