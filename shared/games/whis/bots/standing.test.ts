import { describe, expect, it } from "vitest";
import { EDGE_PER_ROUND, normalCdf, ROUND_SPREAD, standingValue } from "./standing";

describe("WHIS hard bot: the worth of a round's outcome", () => {
  it("in the last round is 100 for a game won, 0 for a game lost, plus a tenth of the round's points", () => {
    const last = { scores: [40, 50, 0, -20], round: 5, rounds: 5, seat: 0 };
    // Seat 0 wins the round: 40 + 30 = 70 beats 50 - 10 = 40; points: 30 - (-10 - 10 - 10) / 3 = 40.
    expect(standingValue(last, [30, -10, -10, -10])).toBeCloseTo(100 + 4);
    // Seat 1 wins it: 40 - 10 = 30 < 50 + 30; points: -10 - (30 - 10 - 10) / 3.
    expect(standingValue(last, [-10, 30, -10, -10])).toBeCloseTo(0 + (-10 - 10 / 3) / 10);
    // A tie for first shares the win.
    expect(standingValue(last, [10, 0, 0, 0])).toBeCloseTo(50 + 10 / 10);
  });

  it("earlier, grows with the lead over each opponent, and cares more about the leader than the last", () => {
    const third = { scores: [0, 60, -60, 0], round: 3, rounds: 5, seat: 0 };
    const hurtLeader = standingValue(third, [0, -20, 0, 0]);
    const hurtLast = standingValue(third, [0, 0, -20, 0]);
    expect(hurtLeader).toBeGreaterThan(hurtLast);
    expect(standingValue(third, [10, 0, 0, 0])).toBeGreaterThan(standingValue(third, [0, 0, 0, 0]));
    // Level at the start: a little over one chance in eight of beating three opponents (a coin each,
    // plus the bot's edge of EDGE_PER_ROUND points a round).
    const level = standingValue({ scores: [0, 0, 0, 0], round: 1, rounds: 5, seat: 2 }, [0, 0, 0, 0]);
    expect(level).toBeCloseTo(100 * normalCdf((4 * EDGE_PER_ROUND) / (ROUND_SPREAD * 2)) ** 3);
    expect(level).toBeGreaterThan(12.5);
  });

  it("uses the standard normal distribution function", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });
});
