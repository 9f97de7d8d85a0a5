import { beforeEach, describe, expect, it } from "vitest";
import type { ErrorCode } from "../../../shared/protocol";
import type { AckResult } from "../lib/socket";
import { loadSeatTokens } from "../lib/storage";
import { stubStorage } from "../lib/storageTestkit";
import { claimWithToken, newSeatToken } from "./claimToken";

beforeEach(() => {
  stubStorage();
});

const refused = (code: ErrorCode | "TIMEOUT"): AckResult<{ seat: number }> => ({ ok: false, error: { code, message: "no" } as never });

describe("a seat claimed with a token chosen on the device", () => {
  it("is as long and as random as the server's own", () => {
    const tokens = new Set(Array.from({ length: 50 }, newSeatToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
  });

  it("is kept when the claim's answer is lost, so the next watch finds the seat", async () => {
    let storedWhenSent: string[] = ["?"];
    const result = await claimWithToken("room", async () => ((storedWhenSent = loadSeatTokens("room")), refused("TIMEOUT")));
    expect(result).toEqual(refused("TIMEOUT"));
    expect(storedWhenSent).toEqual([]); // not before: a watch meanwhile would call it seatless and drop it
    expect(loadSeatTokens("room")).toHaveLength(1);
  });

  it("is kept when the seat is taken, and never when the claim is refused", async () => {
    await claimWithToken("room", async () => ({ ok: true, value: { seat: 0 } }), "a".repeat(43));
    await claimWithToken("room", async () => refused("SEAT_TAKEN"), "b".repeat(43));
    expect(loadSeatTokens("room")).toEqual(["a".repeat(43)]);
  });
});
