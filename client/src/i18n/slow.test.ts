import { describe, expect, it } from "vitest";
import { keys } from "./keys";
import { slowEn } from "./slow.en";
import { slowFr } from "./slow.fr";

describe("slow pace texts", () => {
  it("exist in both languages", () => {
    expect(keys(slowFr).sort()).toEqual(keys(slowEn).sort());
  });
});
