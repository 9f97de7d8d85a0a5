import { describe, expect, it } from "vitest";
import { keys } from "./keys";
import { pwaEn } from "./pwa.en";
import { pwaFr } from "./pwa.fr";

describe("installable app texts", () => {
  it("exist in both languages", () => {
    expect(keys(pwaFr).sort()).toEqual(keys(pwaEn).sort());
  });
});
