import { describe, expect, it } from "vitest";
import { keys } from "./keys";
import { ratingsEn } from "./ratings.en";
import { ratingsFr } from "./ratings.fr";

describe("ratings texts", () => {
  it("exist in both languages", () => {
    expect(keys(ratingsFr).sort()).toEqual(keys(ratingsEn).sort());
  });
});
