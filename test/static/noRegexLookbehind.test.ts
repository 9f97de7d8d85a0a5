import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * What runs in the browser (client/src, and shared/, which the client bundles) holds no regular
 * expression with a lookbehind, `(?<=…)` or `(?<!…)`: Safari before 16.4 cannot parse one, and a
 * syntax error refuses the whole script it is in, so the app would not start on those iPhones.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FOLDERS = ["client/src", "shared"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" ? [] : sources(full);
    return /\.(ts|svelte)$/u.test(name) && !/\.test\.ts$/u.test(name) ? [full] : [];
  });
}

describe("browser code", () => {
  it("has no regular expression lookbehind", () => {
    const files = FOLDERS.flatMap((folder) => sources(path.join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(50);
    const found = files.filter((file) => /\(\?<[=!]/u.test(readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file));
    expect(found).toEqual([]);
  });
});
