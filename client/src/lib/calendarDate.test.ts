import { describe, expect, it } from "vitest";
import { calendarDate } from "./calendarDate";

describe("calendarDate", () => {
  it("writes the first of the month « 1er » in French, and no other day", () => {
    expect(calendarDate("2026-12-01T12:00:00Z", "fr")).toBe("1er déc. 2026");
    expect(calendarDate("2026-12-11T12:00:00Z", "fr")).toBe("11 déc. 2026");
    expect(calendarDate("2026-12-21T12:00:00Z", "fr-FR")).toBe("21 déc. 2026");
  });

  it("leaves English as Intl writes it", () => {
    expect(calendarDate("2026-12-01T12:00:00Z", "en-GB")).toBe("1 Dec 2026");
  });
});
