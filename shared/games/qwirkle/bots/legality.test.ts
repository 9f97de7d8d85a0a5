import { describe, expect, it } from "vitest";
import { checkPositions } from "./fixtures";
import { easy, medium } from "./index";

// 10,000 positions in all, as the issue asks: 4,000 here for each of the two fast bots, and 2,000
// for the hard bot in legality.hard.test.ts (its lookahead makes each decision about ten times
// slower; a file of its own runs on the other core).
const SLOW_MS = 600_000;

describe("bots only propose legal moves", () => {
  it.each([
    { bot: easy, positions: 4_000 },
    { bot: medium, positions: 4_000 },
  ])("$bot.id, over $positions random positions", ({ bot, positions }) => {
    expect(checkPositions(bot, positions)).toBe(positions);
  }, SLOW_MS);
});
