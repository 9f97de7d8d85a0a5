import { describe, expect, it } from "vitest";
import { hashToken, newToken, sameHash } from "./tokens";

describe("sameHash", () => {
  it("is true for equal hashes only", () => {
    const a = hashToken(newToken());
    const b = hashToken(newToken());
    expect(sameHash(a, a)).toBe(true);
    expect(sameHash(a, `${a}`)).toBe(true);
    expect(sameHash(a, b)).toBe(false);
    expect(sameHash(a, `${a.slice(0, -1)}${a.endsWith("0") ? "1" : "0"}`)).toBe(false); // differs in the last character only
    expect(sameHash(a, a.slice(0, -2))).toBe(false);
    expect(sameHash("", a)).toBe(false);
  });
});

describe("hashToken", () => {
  it("is the SHA-256 of the token in hex, as the hashes already stored with rooms", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
