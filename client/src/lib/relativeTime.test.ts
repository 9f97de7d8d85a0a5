import { describe, expect, it } from "vitest";
import { relativeTime } from "./relativeTime";

describe("relativeTime", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it.each([
    ["2026-03-10T11:59:58Z", "en", "2 seconds ago"],
    ["2026-03-10T11:55:00Z", "en", "5 minutes ago"],
    ["2026-03-10T09:00:00Z", "en", "3 hours ago"],
    ["2026-03-09T12:00:00Z", "en", "1 day ago"],
    ["2026-03-09T10:30:00Z", "fr", "il y a 1 jour"],
    ["2026-03-10T12:00:20Z", "en", "now"], // the server's clock ahead of this device's
    ["2026-03-10T12:00:00Z", "fr", "maintenant"],
    ["2026-03-10T11:55:00Z", "fr", "il y a 5 minutes"],
    ["not a date", "en", ""],
  ])("%s in %s", (iso, language, expected) => {
    expect(relativeTime(iso, now, language)).toBe(expected);
  });
});
