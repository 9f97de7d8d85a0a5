import { describe, expect, it } from "vitest";
import { shellAssets } from "./pwaShell";
import { WARM_INTL_SCRIPT, warmIntlFile, withWarmIntl } from "./warmIntl";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body><div id="app"></div></body>
</html>`;

describe("the Intl warm-up script", () => {
  it("comes just before the entry script, async, and is part of the offline shell", () => {
    const page = withWarmIntl(INDEX, "assets/warm-intl-X.js");
    const tag = '<script async src="/assets/warm-intl-X.js"></script>';
    expect(page.indexOf(tag)).toBeGreaterThan(page.indexOf("<meta charset"));
    expect(page.indexOf(tag)).toBeLessThan(page.indexOf('<script type="module"'));
    expect(page.replace(`${tag}\n    `, "")).toBe(INDEX);
    expect(shellAssets(page)).toContain("/assets/warm-intl-X.js");
  });

  it("is named after its content, under assets/ (served immutable)", () => {
    expect(warmIntlFile()).toMatch(/^assets\/warm-intl-[\w-]{8}\.js$/u);
    expect(warmIntlFile("other")).not.toBe(warmIntlFile());
  });

  it("builds the plural rules and number format of both languages, and never throws", () => {
    const built: string[] = [];
    const { PluralRules, NumberFormat } = Intl;
    const counting = <T extends object>(name: string, real: T): T => new Proxy(real, { construct: (target, args: unknown[]) => (built.push(`${name} ${String(args[0])}`), Reflect.construct(target as never, args)) });
    const intl = Intl as { PluralRules: typeof PluralRules; NumberFormat: typeof NumberFormat };
    intl.PluralRules = counting("plural", PluralRules);
    intl.NumberFormat = counting("number", NumberFormat);
    try {
      new Function(WARM_INTL_SCRIPT)();
    } finally {
      intl.PluralRules = PluralRules;
      intl.NumberFormat = NumberFormat;
    }
    expect(built).toEqual(["plural en", "number en", "plural fr", "number fr"]);
    const broken = () => {
      intl.NumberFormat = undefined as never;
      try {
        new Function(WARM_INTL_SCRIPT)();
      } finally {
        intl.NumberFormat = NumberFormat;
      }
    };
    expect(broken).not.toThrow();
  });

  it("refuses a page without an entry script in its head", () => {
    expect(() => withWarmIntl("<html><head></head><body></body></html>", "assets/x.js")).toThrow(/no entry script/u);
  });
});
