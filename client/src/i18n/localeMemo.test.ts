import { IntlMessageFormat } from "intl-messageformat";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoizeLocaleResolution } from "./localeMemo";

describe("memoizeLocaleResolution", () => {
  const original = IntlMessageFormat.resolveLocale;
  afterEach(() => {
    IntlMessageFormat.resolveLocale = original;
  });

  it("answers Tablée's own languages without asking ICU, as resolveLocale would", () => {
    const expected = ["fr", "en", ["en", "fr"], ["fr", "de"]].map((locales) => original(locales)?.baseName);
    const supported = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    memoizeLocaleResolution(["en", "fr"]);
    const first = IntlMessageFormat.resolveLocale("fr");
    expect(IntlMessageFormat.resolveLocale("fr")).toBe(first);
    expect(["fr", "en", ["en", "fr"], ["fr", "de"]].map((locales) => IntlMessageFormat.resolveLocale(locales)?.baseName)).toEqual(expected);
    expect(supported).not.toHaveBeenCalled();
    supported.mockRestore();
  });

  it("asks Intl once per tag list for other languages and gives the same answer after", () => {
    const supported = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    memoizeLocaleResolution(["en", "fr"]);
    const first = IntlMessageFormat.resolveLocale("de");
    expect(IntlMessageFormat.resolveLocale("de")).toBe(first);
    expect(first?.baseName).toBe("de");
    expect(IntlMessageFormat.resolveLocale(["es", "fr"])?.baseName).toBe("es");
    expect(supported).toHaveBeenCalledTimes(2);
    supported.mockRestore();
  });

  it("formats as before", () => {
    memoizeLocaleResolution();
    const text = new IntlMessageFormat("{n, plural, one {# carte} other {# cartes}}", "fr").format({ n: 2 });
    expect(text).toBe("2 cartes");
  });
});
