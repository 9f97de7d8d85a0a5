import { beforeEach, describe, expect, it } from "vitest";
import type { ErrorCode } from "../../../shared/protocol";
import type { AckResult } from "../lib/socket";
import { loadSeatTokens } from "../lib/storage";
import { stubStorage } from "../lib/storageTestkit";
import { claimInFlight, claimWithToken, newSeatToken } from "./claimToken";

beforeEach(() => {
  stubStorage();
});

const refused = (code: ErrorCode | "TIMEOUT" | "NETWORK"): AckResult<{ seat: number }> => ({ ok: false, error: { code, message: "no" } as never });

describe("a seat claimed with a token chosen on the device", () => {
  it("is as long and as random as the server's own", () => {
    const tokens = new Set(Array.from({ length: 50 }, newSeatToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
  });

  const noPause = async () => undefined;

  it("is sent again, same token, while its outcome is unknown, kept meanwhile and not forgotten by a watch", async () => {
    const sent: string[] = [];
    const inFlightWhenResent: boolean[] = [];
    const answers = [refused("TIMEOUT"), refused("IN_DOUBT"), refused("NETWORK"), { ok: true as const, value: { seat: 2 } }];
    const result = await claimWithToken(
      "room",
      async (token) => {
        sent.push(token);
        inFlightWhenResent.push(claimInFlight(token) && loadSeatTokens("room").includes(token));
        return answers.shift()!;
      },
      undefined,
      noPause,
    );
    expect(result).toEqual({ ok: true, value: { seat: 2 } });
    expect(new Set(sent).size).toBe(1);
    expect(sent).toHaveLength(4);
    expect(inFlightWhenResent).toEqual([false, true, true, true]); // not before the first answer: a watch would drop it
    expect(loadSeatTokens("room")).toEqual([sent[0]]);
    expect(claimInFlight(sent[0]!)).toBe(false);
  });

  it("is forgotten when a resend is refused for sure, and never kept when the first send is", async () => {
    await claimWithToken("room", async () => refused("SEAT_TAKEN"), "b".repeat(43), noPause);
    const answers = [refused("TIMEOUT"), refused("SEAT_TAKEN")];
    await claimWithToken("room", async () => answers.shift()!, "c".repeat(43), noPause);
    expect(loadSeatTokens("room")).toEqual([]);
  });

  it("is kept when the seat is taken, and when its outcome stays unknown (the next watch decides)", async () => {
    await claimWithToken("room", async () => ({ ok: true, value: { seat: 0 } }), "a".repeat(43), noPause);
    await claimWithToken("room", async () => refused("TIMEOUT"), "d".repeat(43), noPause);
    expect(loadSeatTokens("room")).toEqual(["a".repeat(43), "d".repeat(43)]);
  });
});
