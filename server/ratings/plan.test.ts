import { describe, expect, it } from "vitest";
import { planResults, type SeatPlace } from "./plan";
import { NEW_SKILL, rateGame } from "./rate";

const place = (seat: number, rank: number, isComputer = false): SeatPlace => ({ seat, nickname: `N${seat}`, isComputer, rank, winner: rank === 1 });
const holders = (entries: [number, string[]][]) => new Map(entries);

describe("planResults: who gets a result, who is rated", () => {
  it("two profiles, one seat each: both rated over their ranks; a computer between them changes nothing", () => {
    const planned = planResults([place(0, 3), place(1, 2, true), place(2, 1)], holders([[0, ["a"]], [2, ["b"]]]), new Map());
    const [a, b] = rateGame([{ skill: NEW_SKILL, rank: 2 }, { skill: NEW_SKILL, rank: 1 }]);
    expect(planned).toEqual([
      { profileId: "a", seat: 0, nickname: "N0", rank: 3, winner: false, before: NEW_SKILL, after: a },
      { profileId: "b", seat: 2, nickname: "N2", rank: 1, winner: true, before: NEW_SKILL, after: b },
    ]);
  });

  it("starts from the stored skills", () => {
    const stored = { mu: 30, sigma: 5 };
    const planned = planResults([place(0, 1), place(1, 2)], holders([[0, ["a"]], [1, ["b"]]]), new Map([["a", stored]]));
    expect(planned[0]?.before).toEqual(stored);
    expect(planned.map((p) => p.after)).toEqual(rateGame([{ skill: stored, rank: 1 }, { skill: NEW_SKILL, rank: 2 }]));
  });

  it("one profile with guests and computers: a result, not rated", () => {
    expect(planResults([place(0, 1), place(1, 2), place(2, 3, true)], holders([[0, ["a"]]]), new Map())).toEqual([
      { profileId: "a", seat: 0, nickname: "N0", rank: 1, winner: true, before: null, after: null },
    ]);
  });

  it("a profile holding two seats gets two unrated results; the others are rated among themselves", () => {
    const planned = planResults([place(0, 1), place(1, 2), place(2, 3), place(3, 4)], holders([[0, ["a"]], [1, ["a"]], [2, ["b"]], [3, ["c"]]]), new Map());
    expect(planned.map((p) => [p.profileId, p.after !== null])).toEqual([["a", false], ["a", false], ["b", true], ["c", true]]);
    expect(planned.slice(2).map((p) => p.after)).toEqual(rateGame([{ skill: NEW_SKILL, rank: 1 }, { skill: NEW_SKILL, rank: 2 }]));
  });

  it("a profile holding two seats against one other profile: nobody is rated", () => {
    const planned = planResults([place(0, 1), place(1, 2), place(2, 3)], holders([[0, ["a"]], [1, ["a"]], [2, ["b"]]]), new Map());
    expect(planned.every((p) => p.after === null)).toBe(true);
    expect(planned).toHaveLength(3);
  });

  it("a seat held by two profiles gives nobody a result (who played it cannot be told)", () => {
    const planned = planResults([place(0, 1), place(1, 2), place(2, 3)], holders([[0, ["a", "c"]], [1, ["b"]], [2, ["d"]]]), new Map());
    expect(planned.map((p) => p.profileId)).toEqual(["b", "d"]);
    expect(planned.every((p) => p.after !== null)).toBe(true);
  });

  it("a tie keeps the same rank for both and moves no mu between equals", () => {
    const planned = planResults([place(0, 1), place(1, 1)], holders([[0, ["a"]], [1, ["b"]]]), new Map());
    expect(planned.map((p) => p.after?.mu)).toEqual([25, 25]);
  });
});
