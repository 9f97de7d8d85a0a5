import { describe, expect, it } from "vitest";
import { csvCell } from "./queries";

describe("csvCell", () => {
  it("neutralises a text a spreadsheet would run as a formula, and quotes per RFC 4180", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-Bob")).toBe("'-Bob");
    expect(csvCell('say "hi", Bo')).toBe('"say ""hi"", Bo"');
    expect(csvCell(null)).toBe("");
  });

  it("leaves numbers as numbers: a negative WHIS score is summed and sorted by the spreadsheet", () => {
    expect(csvCell(-23)).toBe("-23");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(true)).toBe("true");
  });
});
