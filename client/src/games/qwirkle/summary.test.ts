import { describe, expect, it } from "vitest";
import type { Translate } from "../../lib/errors";
import { formatQwirkleSummary } from "./summary";

const t: Translate = (id, options) => `${id}${options?.values ? JSON.stringify(options.values) : ""}`;

describe("formatQwirkleSummary", () => {
  it.each([
    [
      "a placement in the seed's notation",
      { type: "place", seat: 0, points: 7, qwirkles: 0, endBonus: 0, placements: [{ row: 4, col: 1, shape: "C", color: 1 }, { row: 4, col: 2, shape: "C", color: 2 }] },
      "ebC1 ecC2 (+7)",
    ],
    [
      "a Qwirkle",
      { type: "place", seat: 0, points: 12, qwirkles: 1, endBonus: 0, placements: [{ row: 0, col: 0, shape: "R", color: 0 }] },
      "aaR0 (+12) games.qwirkle.history.qwirkle",
    ],
    [
      "the last move, with the end bonus",
      { type: "place", seat: 1, points: 3, qwirkles: 0, endBonus: 6, placements: [{ row: 2, col: 16, shape: "L", color: 2 }] },
      'cqL2 (+3) games.qwirkle.history.endBonus{"n":6}',
    ],
    [
      "an open-board cell with no letter",
      { type: "place", seat: 1, points: 2, qwirkles: 0, endBonus: 0, placements: [{ row: -1, col: 30, shape: "X", color: 5 }] },
      "(-1,30)X5 (+2)",
    ],
    ["an exchange", { type: "exchange", seat: 0, count: 2 }, 'games.qwirkle.history.exchange{"n":2}'],
    ["a pass", { type: "pass", seat: 0 }, "games.qwirkle.history.pass"],
    ["something else", { type: "resign" }, null],
    ["not an object", 42, null],
  ])("%s", (_name, summary, expected) => {
    expect(formatQwirkleSummary(summary, t)).toBe(expected);
  });
});
