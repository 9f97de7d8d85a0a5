import { get } from "svelte/store";
import { dictionary } from "svelte-i18n";
import { describe, expect, it } from "vitest";
import { registerMessages, showMessagesOf } from "./register";

describe("registerMessages once a language is shown", () => {
  it("prepares the shown language's texts at once and another's only when it is shown", () => {
    showMessagesOf("fr");
    registerMessages("en", { test: { greeting: "Don't wait" } });
    registerMessages("fr", { test: { greeting: "N'attendez pas : c'est prêt" } });
    registerMessages("en", { test: { later: "Later" } });
    expect(get(dictionary)["fr"]?.["test"]).toEqual({ greeting: "N’attendez pas\u202f: c’est prêt" }); // typeset as French
    expect(get(dictionary)["en"]).toBeUndefined();

    showMessagesOf("en");
    expect(get(dictionary)["en"]?.["test"]).toEqual({ greeting: "Don’t wait", later: "Later" });
    registerMessages("en", { test: { now: "Now" } }); // the shown language: at once
    expect(get(dictionary)["en"]?.["test"]).toEqual({ greeting: "Don’t wait", later: "Later", now: "Now" });
  });
});
