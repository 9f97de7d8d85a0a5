import { describe, expect, it, vi } from "vitest";
import { showWaitingBadge, type Badging } from "./appBadge";

function badging(options: { refuse?: boolean } = {}) {
  const answer = () => (options.refuse ? Promise.reject(new DOMException("not allowed", "NotAllowedError")) : Promise.resolve());
  return { setAppBadge: vi.fn((_contents?: number) => answer()), clearAppBadge: vi.fn(() => answer()) };
}

describe("showWaitingBadge", () => {
  it("shows how many games wait", () => {
    const api = badging();
    showWaitingBadge(3, api);
    expect(api.setAppBadge).toHaveBeenCalledWith(3);
  });

  it("clears the badge at 0", () => {
    const api = badging();
    showWaitingBadge(0, api);
    expect(api.clearAppBadge).toHaveBeenCalledOnce();
    expect(api.setAppBadge).not.toHaveBeenCalled();
  });

  it("clears with setAppBadge(0) where there is no clearAppBadge (0 means no badge)", () => {
    const api = badging();
    showWaitingBadge(0, { setAppBadge: api.setAppBadge });
    expect(api.setAppBadge).toHaveBeenCalledWith(0);
  });

  it("does nothing without the Badging API", () => {
    const none: Badging = {};
    expect(() => showWaitingBadge(2, none)).not.toThrow();
  });

  it("swallows a refusal (the app is not installed, or badges are not allowed)", async () => {
    const api = badging({ refuse: true });
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    showWaitingBadge(1, api);
    showWaitingBadge(0, api);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
