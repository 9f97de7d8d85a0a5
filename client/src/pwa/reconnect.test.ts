import { describe, expect, it } from "vitest";
import { retryDelay, serverAnswers } from "./reconnect";

describe("retryDelay", () => {
  it("doubles from one second up to fifteen", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });
});

describe("serverAnswers", () => {
  const answering = (status: number) => (async () => new Response("", { status })) as typeof fetch;
  it.each([
    [200, true],
    [404, true], // an answer all the same: the reload shows what the server says
    [500, true],
    [502, false],
    [503, false],
    [504, false],
  ])("status %i → %s", async (status, expected) => {
    expect(await serverAnswers("/r/x", answering(status))).toBe(expected);
  });

  it("is false when the request fails (no network, server down)", async () => {
    const failing = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await serverAnswers("/r/x", failing)).toBe(false);
  });

  it("asks past the HTTP cache", async () => {
    let init: RequestInit | undefined;
    const spy = (async (_url: string, options?: RequestInit) => {
      init = options;
      return new Response("");
    }) as typeof fetch;
    await serverAnswers("/r/x", spy);
    expect(init?.cache).toBe("no-store");
  });
});
