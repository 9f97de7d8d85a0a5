import { describe, expect, it } from "vitest";
import { fr } from "./fr";
import { keys } from "./keys";
import { ratingsEn } from "./ratings.en";
import { ratingsFr } from "./ratings.fr";

describe("ratings texts", () => {
  it("exist in both languages", () => {
    expect(keys(ratingsFr).sort()).toEqual(keys(ratingsEn).sort());
  });

  it("name the rating in French otherwise than the computer's level (« Cote », not « Niveau »)", () => {
    expect(ratingsFr.ratings.rating).toBe("Cote");
    const levelWord = fr.takeover.level.split(" ")[0]!.toLowerCase(); // "niveau"
    for (const text of Object.values(ratingsFr.ratings)) expect(text.toLowerCase()).not.toContain(levelWord);
  });
});
