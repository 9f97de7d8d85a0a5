import { describe, expect, it } from "vitest";
import { keys } from "./keys";
import { CHAT_PHRASES } from "../../../shared/protocol";
import { tableEn } from "./table.en";
import { tableFr } from "./table.fr";

describe("table texts", () => {
  it("exist in both languages", () => {
    expect(keys(tableFr).sort()).toEqual(keys(tableEn).sort());
  });
  it("name every quick phrase", () => {
    for (const dictionary of [tableEn, tableFr]) expect(Object.keys(dictionary.table.chat.phrases).sort()).toEqual([...CHAT_PHRASES].sort());
  });
});
