import { describe, expect, it } from "vitest";
import { isAfter, newestId, unreadCount } from "./readMarker";

const messages = [{ id: "9" }, { id: "10" }, { id: "11" }, { id: "12" }];

describe("chat read marker", () => {
  it("orders ids as numbers, not strings", () => {
    expect(isAfter("10", "9")).toBe(true);
    expect(isAfter("9", "10")).toBe(false);
    expect(isAfter("10", "10")).toBe(false);
  });

  it("finds the newest message, or 0 before any", () => {
    expect(newestId(messages)).toBe("12");
    expect(newestId([])).toBe("0");
  });

  it("counts only the counted messages after the marker", () => {
    expect(unreadCount(messages, "10", () => true)).toBe(2);
    expect(unreadCount(messages, "10", (m) => m.id !== "12")).toBe(1);
    expect(unreadCount(messages, "0", () => true)).toBe(4);
  });

  it("counts nothing before the history arrived on a first visit", () => {
    expect(unreadCount(messages, null, () => true)).toBe(0);
  });
});
