import { IntlMessageFormat } from "intl-messageformat";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoizeLocaleResolution, prepareNumberData } from "./localeMemo";

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

describe("prepareNumberData", () => {
  it("builds the plural rules, then in another task the number format, of the language", () => {
    const built: string[] = [];
    const { PluralRules, NumberFormat } = Intl;
    const counting = <T extends object>(name: string, real: T): T => new Proxy(real, { construct: (target, args: unknown[]) => (built.push(`${name} ${String(args[0])}`), Reflect.construct(target as never, args)) });
    const intl = Intl as { PluralRules: typeof PluralRules; NumberFormat: typeof NumberFormat };
    intl.PluralRules = counting("plural", PluralRules);
    intl.NumberFormat = counting("number", NumberFormat);
    try {
      const later: (() => void)[] = [];
      prepareNumberData("fr", (then) => later.push(then));
      expect(built).toEqual(["plural fr"]); // the number data in a task of its own
      for (const then of later) then();
    } finally {
      intl.PluralRules = PluralRules;
      intl.NumberFormat = NumberFormat;
    }
    expect(built).toEqual(["plural fr", "number fr"]);
  });
});
