import type { Placement } from "../../../../shared/games/qwirkle";

/** A scoring example of the rules page: tiles already there, tiles just played, the points they make. */
export interface RuleExample {
  readonly key: string; // games.qwirkle.rules.examples.<key> holds the caption
  readonly board: readonly Placement[];
  readonly played: readonly Placement[];
  readonly points: number; // pinned by ruleExamples.test.ts against the engine's scorePlacement
}

const p = (row: number, col: number, shape: Placement["shape"], color: Placement["color"]): Placement => ({ row, col, shape, color });

export const RULE_EXAMPLES: readonly RuleExample[] = [
  {
    key: "line",
    board: [],
    played: [p(0, 0, "C", 1), p(0, 1, "R", 1), p(0, 2, "E", 1)],
    points: 3,
  },
  {
    key: "extend",
    board: [p(0, 0, "L", 2), p(0, 1, "L", 3)],
    played: [p(0, 2, "L", 5)],
    points: 3,
  },
  {
    key: "twoLines",
    board: [p(2, 0, "C", 2), p(2, 1, "R", 2), p(0, 2, "E", 1), p(1, 2, "E", 3)],
    played: [p(2, 2, "E", 2)],
    points: 6,
  },
  {
    key: "qwirkle",
    board: [p(0, 0, "C", 5), p(0, 1, "R", 5), p(0, 2, "E", 5), p(0, 3, "L", 5), p(0, 4, "T", 5)],
    played: [p(0, 5, "X", 5)],
    points: 12,
  },
];
