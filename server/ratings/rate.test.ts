import { describe, expect, it } from "vitest";
import { displayRating, isProvisional, NEW_SKILL, rateGame, type Skill } from "./rate";

/**
 * Known answers for the rating maths, taken from openskill.js 5.0.1 (the version installed), whose
 * numbers its authors check against the Python reference implementation, openskill.py:
 * src/__tests__/rate.test.ts at github.com/philihp/openskill.js (commit 0bf4361). `rate` there runs
 * with the defaults rateGame uses (Plackett-Luce, tau 25/300), so the numbers must match exactly.
 */
const RATE_TEST = "openskill.js src/__tests__/rate.test.ts";

const skill = (mu: number, sigma: number): Skill => ({ mu, sigma });

describe("rateGame: Weng-Lin Plackett-Luce, known answers", () => {
  const cases: { name: string; source: string; places: { skill: Skill; rank: number }[]; expected: Skill[] }[] = [
    {
      name: "two new players, the second wins",
      source: `${RATE_TEST}, 'reverses rank'`,
      places: [
        { skill: NEW_SKILL, rank: 2 },
        { skill: NEW_SKILL, rank: 1 },
      ],
      expected: [skill(22.364610506859503, 8.06590141354368), skill(27.635389493140497, 8.06590141354368)],
    },
    {
      name: "four players of known skills finish in the order given",
      source: `${RATE_TEST}, 'rate accepts and runs a placket-luce model by default'`,
      places: [
        { skill: skill(29.182, 4.782), rank: 1 },
        { skill: skill(27.174, 4.922), rank: 2 },
        { skill: skill(16.672, 6.217), rank: 3 },
        { skill: NEW_SKILL, rank: 4 },
      ],
      expected: [skill(30.210227447000438, 4.765617924939384), skill(27.644725221915632, 4.883479590134575), skill(17.4036218889969, 6.101259408259549), skill(19.21460876538932, 7.854669920480409)],
    },
    {
      name: "four new players, ranks out of seat order",
      source: `${RATE_TEST}, 'accepts a misordered rank ordering'`,
      places: [2, 1, 4, 3].map((rank) => ({ skill: NEW_SKILL, rank })),
      expected: [skill(26.55291815138952, 8.17961798837266), skill(27.795252672501135, 8.263571791259416), skill(20.962412806387245, 8.084127880168786), skill(24.689416369722096, 8.084127880168786)],
    },
    {
      name: "three players, the last two tie",
      source: `${RATE_TEST}, 'allows ties'`,
      places: [
        { skill: skill(10, 8), rank: 1 },
        { skill: skill(5, 10), rank: 2 },
        { skill: skill(0, 12), rank: 2 },
      ],
      expected: [skill(11.942996666741225, 7.926888197620324), skill(2.9381178546315034, 9.653804487570165), skill(-1.4024317012198733, 11.323641575516767)],
    },
    {
      name: "four new players all tie: nobody's mu moves, everyone grows surer",
      source: `${RATE_TEST}, 'four-way-tie with newbies'`,
      places: [1, 1, 1, 1].map((rank) => ({ skill: NEW_SKILL, rank })),
      expected: Array.from({ length: 4 }, () => skill(25, 8.263571791259416)),
    },
    {
      name: "ties and ranks out of order among players of different skills",
      source: `${RATE_TEST}, 'fixes orders of ties'`,
      places: [
        { skill: skill(15, 25 / 3), rank: 2 },
        { skill: skill(20, 25 / 3), rank: 4 },
        { skill: skill(25, 25 / 3), rank: 2 },
        { skill: skill(30, 25 / 3), rank: 1 },
      ],
      expected: [skill(15.340043358359136, 8.213141619804967), skill(18.007678675484204, 8.189033933813437), skill(24.25801928251219, 8.166918055585525), skill(32.39425868364447, 8.247687230833794)],
    },
  ];

  it.each(cases)("$name ($source)", ({ places, expected }) => {
    expect(rateGame(places)).toStrictEqual(expected);
  });

  it("only the ranks' order counts: 1st and 3rd (a computer took 2nd) is the same as 1st and 2nd", () => {
    expect(rateGame([{ skill: NEW_SKILL, rank: 1 }, { skill: NEW_SKILL, rank: 3 }])).toStrictEqual(rateGame([{ skill: NEW_SKILL, rank: 1 }, { skill: NEW_SKILL, rank: 2 }]));
  });

  it("a player alone is not rated", () => {
    expect(rateGame([{ skill: NEW_SKILL, rank: 1 }])).toStrictEqual([NEW_SKILL]);
  });
});

describe("the shown rating", () => {
  it("starts at 1500: openskill's defaults, mu 25 and sigma 25/3 (openskill.js src/rating.ts), make mu − 3·sigma zero", () => {
    expect(NEW_SKILL).toStrictEqual({ mu: 25, sigma: 25 / 3 });
    expect(displayRating(NEW_SKILL)).toBe(1500);
  });

  it("uses openskill's Elo-like scale: alpha 24, target 1500 (openskill.js src/__tests__/ordinal.test.ts: mu 24, sigma 6 → 1644)", () => {
    expect(displayRating(skill(24, 6))).toBe(1644);
  });

  it("a new winner goes up, a new loser down (the two-player game above: 27.64/8.07 shows 1583, 22.36/8.07 shows 1456)", () => {
    expect(displayRating(skill(27.635389493140497, 8.06590141354368))).toBe(1583);
    expect(displayRating(skill(22.364610506859503, 8.06590141354368))).toBe(1456);
  });

  it("is provisional under five rated games", () => {
    expect([0, 4, 5, 30].map(isProvisional)).toEqual([true, true, false, false]);
  });
});
