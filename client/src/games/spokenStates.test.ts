import { describe, expect, it } from "vitest";
import { withStates } from "./spokenStates";

const t = (id: string) => ({ "table.states.canEnd": "the move can end here", "table.states.nextHop": "next hop" })[id] ?? id;

describe("withStates", () => {
  it("says the states that hold after the name, in order, and nothing more when none holds", () => {
    expect(withStates("e5", { canEnd: true, nextHop: true }, t)).toBe("e5, the move can end here, next hop");
    expect(withStates("e5", { canEnd: false, nextHop: true }, t)).toBe("e5, next hop");
    expect(withStates("e5", {}, t)).toBe("e5");
  });
});
