import { describe, expect, it } from "vitest";
import { scorePlacement } from "../../../../shared/games/qwirkle";
import { RULE_EXAMPLES } from "./ruleExamples";

// The rules page must never teach a score the engine would not give.
describe("rule examples", () => {
  it.each(RULE_EXAMPLES.map((example) => [example.key, example] as const))("%s scores what its caption says", (_key, example) => {
    const result = scorePlacement(example.board, example.played);
    expect(result).toMatchObject({ ok: true, points: example.points });
  });
});
