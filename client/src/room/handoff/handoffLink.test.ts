import { describe, expect, it } from "vitest";
import { handoffUrl, parseHandoff, tokensHoldingSeats } from "./handoffLink";

describe("handoff links", () => {
  const a = "a".repeat(43);
  const b = "B-_".repeat(15);
  it("carry the tokens in the fragment only, and read back", () => {
    const url = new URL(handoffUrl("https://t.example", "/r/room1234567890abcd", [a, b], "c".repeat(43)));
    expect(url.pathname).toBe("/r/room1234567890abcd");
    expect(url.search).toBe("");
    expect(parseHandoff(url.hash)).toEqual({ seatTokens: [a, b], creatorToken: "c".repeat(43) });
  });
  it("ignore malformed tokens", () => {
    expect(parseHandoff("#seat=short&seat=<script>&creator=x")).toEqual({ seatTokens: [], creatorToken: null });
  });
  it("carry only the tokens that hold a seat now", () => {
    expect(tokensHoldingSeats([a, b], [0, 2])).toEqual([a, b]);
    expect(tokensHoldingSeats([a, b], [0, null])).toEqual([a]); // the host freed the second seat
    expect(tokensHoldingSeats([a, b], [null, 3])).toEqual([b]);
    expect(tokensHoldingSeats([a, b], [0])).toEqual([a]); // not answered for yet
    expect(tokensHoldingSeats([], [])).toEqual([]);
  });
});
