import { IntlMessageFormat } from "intl-messageformat";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoizeLocaleResolution } from "./localeMemo";

describe("memoizeLocaleResolution", () => {
  const original = IntlMessageFormat.resolveLocale;
  afterEach(() => {
    IntlMessageFormat.resolveLocale = original;
  });

  it("asks Intl once per tag list and gives the same answer after", () => {
    const supported = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    memoizeLocaleResolution();
    const first = IntlMessageFormat.resolveLocale("fr");
    const again = IntlMessageFormat.resolveLocale("fr");
    expect(again).toBe(first);
    expect(first?.baseName).toBe("fr");
    expect(IntlMessageFormat.resolveLocale(["en", "fr"])?.baseName).toBe("en");
    expect(supported).toHaveBeenCalledTimes(2);
    supported.mockRestore();
  });

  it("formats as before", () => {
    memoizeLocaleResolution();
    const text = new IntlMessageFormat("{n, plural, one {# carte} other {# cartes}}", "fr").format({ n: 2 });
    expect(text).toBe("2 cartes");
  });
});
