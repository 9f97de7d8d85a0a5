import { describe, expect, it } from "vitest";
import { CHAT_PHRASES } from "../../../shared/protocol";
import { tableEn } from "./table.en";
import { tableFr } from "./table.fr";

/** Every key path of a nested dictionary. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix === "" ? key : `${prefix}.${key}`));
}

describe("table texts", () => {
  it("exist in both languages", () => {
    expect(keys(tableFr).sort()).toEqual(keys(tableEn).sort());
  });
  it("name every quick phrase", () => {
    for (const dictionary of [tableEn, tableFr]) expect(Object.keys(dictionary.table.chat.phrases).sort()).toEqual([...CHAT_PHRASES].sort());
  });
});
