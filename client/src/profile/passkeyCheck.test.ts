import { afterEach, describe, expect, it, vi } from "vitest";
import { checkLapsed, noteCheckLeft } from "./passkeyCheck";

describe("the passkey check's lapse, by the page's clock", () => {
  afterEach(() => {
    vi.useRealTimers();
    noteCheckLeft(undefined);
  });

  it("not known: not lapsed (the change is tried first)", () => {
    expect(checkLapsed()).toBe(false);
  });

  it("lapses with what the server said was left, half a minute early", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    noteCheckLeft(10 * 60_000);
    vi.setSystemTime(1_000_000 + 9 * 60_000);
    expect(checkLapsed()).toBe(false);
    vi.setSystemTime(1_000_000 + 9 * 60_000 + 30_000);
    expect(checkLapsed()).toBe(true);
    noteCheckLeft(0); // refused by the server: over now
    expect(checkLapsed()).toBe(true);
    noteCheckLeft(10 * 60_000); // checked again
    expect(checkLapsed()).toBe(false);
  });
});
