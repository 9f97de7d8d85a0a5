import { describe, expect, it } from "vitest";
import { EventLimiter } from "./eventLimiter";

const limits = { perSecond: 10, burst: 5, abuseRefusals: 3, abuseWindowMs: 1_000 };

describe("EventLimiter", () => {
  it("allows perSecond + burst at once, then perSecond a second", () => {
    const limiter = new EventLimiter(limits);
    const verdicts = Array.from({ length: 16 }, () => limiter.allow("a", 0));
    expect(verdicts.filter((v) => v === "ok")).toHaveLength(15);
    expect(verdicts.at(-1)).toBe("refused");
    // A second later the bucket holds perSecond tokens again, not more.
    const later = Array.from({ length: 11 }, () => limiter.allow("a", 1_000));
    expect(later.filter((v) => v === "ok")).toHaveLength(10);
    // Refilled as time goes: one token every 100 ms.
    expect(limiter.allow("a", 1_100)).toBe("ok");
    expect(limiter.allow("a", 1_100)).toBe("refused");
  });

  it("keeps to perSecond when events come steadily, each connection on its own", () => {
    const limiter = new EventLimiter(limits);
    for (let t = 0; t < 5_000; t += 100) expect(limiter.allow("steady", t)).toBe("ok");
    for (let i = 0; i < 15; i++) expect(limiter.allow("other", 5_000)).toBe("ok");
  });

  it("calls a connection abusive after abuseRefusals refusals within the window, and forgets it when it goes", () => {
    const limiter = new EventLimiter(limits);
    for (let i = 0; i < 15; i++) limiter.allow("x", 0);
    expect(limiter.allow("x", 0)).toBe("refused");
    expect(limiter.allow("x", 0)).toBe("refused");
    expect(limiter.allow("x", 0)).toBe("abusive");
    limiter.forget("x");
    expect(limiter.allow("x", 0)).toBe("ok");
    // Refusals older than the window do not count.
    for (let i = 0; i < 15; i++) limiter.allow("y", 0);
    expect(limiter.allow("y", 0)).toBe("refused");
    expect(limiter.allow("y", 0)).toBe("refused");
    for (let i = 0; i < 15; i++) expect(limiter.allow("y", 2_000)).toBe("ok");
    expect(limiter.allow("y", 2_000)).toBe("refused"); // the third refusal, but the first two are 2 s old

  });
});
