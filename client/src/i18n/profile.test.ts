import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../shared/protocol/errors";
import { en } from "./en";
import { fr } from "./fr";
import { keys } from "./keys";
import { profileEn } from "./profile.en";
import { profileFr } from "./profile.fr";

describe("profile texts", () => {
  it("exist in both languages", () => {
    expect(keys(profileFr).sort()).toEqual(keys(profileEn).sort());
  });

  it("every profile error code is a code of the protocol, with a sentence in both languages", () => {
    // Client side: CANCELLED, the browser's prompt closed; CHECKED, the passkey checked, a second tap goes on.
    const codes: readonly string[] = [...ERROR_CODES, "CANCELLED", "CHECKED"];
    for (const code of Object.keys(profileEn.errors)) {
      expect(codes).toContain(code);
      expect(code in en.errors, `${code} is not also in en.ts`).toBe(false);
    }
    expect(Object.keys(profileFr.errors).sort()).toEqual(Object.keys(profileEn.errors).sort());
    expect(Object.keys(fr.errors)).not.toContain("NOT_SIGNED_IN");
  });
});
