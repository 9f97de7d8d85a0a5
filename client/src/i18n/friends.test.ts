import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../shared/protocol/errors";
import { en } from "./en";
import { friendsEn } from "./friends.en";
import { friendsFr } from "./friends.fr";
import { keys } from "./keys";
import { profileEn } from "./profile.en";

describe("friends texts", () => {
  it("exist in both languages", () => {
    expect(keys(friendsFr).sort()).toEqual(keys(friendsEn).sort());
  });

  it("every friends error code is a code of the protocol, said in one dictionary only", () => {
    for (const code of Object.keys(friendsEn.errors)) {
      expect(ERROR_CODES as readonly string[]).toContain(code);
      expect(code in en.errors || code in profileEn.errors, `${code} is said elsewhere too`).toBe(false);
    }
  });

  it("every error code the friend routes add has a sentence", () => {
    const added = ERROR_CODES.slice(ERROR_CODES.indexOf("NO_SUCH_PERSON"), ERROR_CODES.indexOf("CROSS_SITE"));
    expect(Object.keys(friendsEn.errors).sort()).toEqual([...added].sort());
  });
});
