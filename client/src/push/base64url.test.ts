import { describe, expect, it } from "vitest";
import { base64UrlToBytes } from "./base64url";

describe("base64UrlToBytes", () => {
  it("reads base64url without padding, with the URL-safe letters", () => {
    const bytes = Uint8Array.from([0xfb, 0xef, 0xff, 0x04]); // "--__BA": both URL-safe letters, no padding
    const text = Buffer.from(bytes).toString("base64url");
    expect(text).toContain("-");
    expect(text).toContain("_");
    expect(base64UrlToBytes(text)).toEqual(bytes);
  });

  it("reads a 65-byte P-256 public key of any length modulo 4", () => {
    for (const length of [65, 64, 63]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) % 256);
      expect(base64UrlToBytes(Buffer.from(bytes).toString("base64url"))).toEqual(bytes);
    }
  });

  it.each(["abc+", "ab/c", "a", "x==", "a b"])("refuses %j", (text) => {
    expect(base64UrlToBytes(text)).toBeNull();
  });
});
