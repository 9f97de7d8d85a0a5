import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "./sourceFiles";

/**
 * What runs in the browser (client/src, and shared/, which the client bundles) holds no regular
 * expression with a lookbehind, `(?<=…)` or `(?<!…)`: Safari before 16.4 cannot parse one, and a
 * syntax error refuses the whole script it is in, so the app would not start on those iPhones.
 */
const FOLDERS = ["client/src", "shared"];

describe("browser code", () => {
  it("has no regular expression lookbehind", () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder), /\.(ts|svelte)$/u));
    expect(files.length).toBeGreaterThan(50);
    const found = files.filter((file) => /\(\?<[=!]/u.test(readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file));
    expect(found).toEqual([]);
  });
});
