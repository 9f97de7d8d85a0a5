import { describe, expect, it } from "vitest";
import { moveSchema, optionsSchema } from "./schemas";

describe("optionsSchema", () => {
  it("fills in the defaults", () => {
    expect(optionsSchema.parse({})).toEqual({ expertRules: false, expertDisplay: false, peekSeconds: 5 });
    expect(optionsSchema.parse({ expertRules: true, expertDisplay: true, peekSeconds: 30 })).toEqual({ expertRules: true, expertDisplay: true, peekSeconds: 30 });
  });

  it.each([{ peekSeconds: 0 }, { peekSeconds: 31 }, { peekSeconds: 2.5 }, { expertRules: "yes" }, { extra: 1 }])("refuses %j", (options) => {
    expect(optionsSchema.safeParse(options).success).toBe(false);
  });
});

describe("moveSchema", () => {
  it.each([{ type: "ready" }, { type: "reveal", cell: "B4" }, { type: "swap", cell: "E5" }, { type: "hide", cell: "A1" }, { type: "skip" }, { type: "forbid", cell: "C3" }])(
    "accepts %j",
    (move) => {
      expect(moveSchema.parse(move)).toEqual(move);
    },
  );

  it.each([{ type: "reveal" }, { type: "reveal", cell: "b4" }, { type: "reveal", cell: "F1" }, { type: "reveal", cell: "B4", extra: 1 }, { type: "ready", cell: "A1" }, { type: "peek" }])(
    "refuses %j",
    (move) => {
      expect(moveSchema.safeParse(move).success).toBe(false);
    },
  );
});
