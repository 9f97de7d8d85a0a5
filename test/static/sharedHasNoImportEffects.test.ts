import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT as REPOSITORY, sourceFiles } from "./sourceFiles";

/**
 * shared/package.json tells the web client's bundler that nothing in shared/ runs when imported
 * ("sideEffects": false, issue 31), so it drops a file whose exports a page does not use. A
 * statement at a file's top level that is not a declaration (a call, an assignment: a registration,
 * a global setting) would then silently not run in the browser. This scan fails on one; module-level
 * `const x = f(...)` stays allowed (a value, dropped only when unused).
 */
const ROOT = path.join(REPOSITORY, "shared");
/** A top-level line that starts an expression statement: a call, an assignment, `await`, `new`. */
const EFFECT = /^(?:await\s|new\s|[A-Za-z_$][\w$]*(?:\.[\w$]+)*\s*(?:\(|=[^=>]|\+\+|--))/u;

describe("shared/ runs nothing when imported", () => {
  it("declares itself free of import-time side effects", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { sideEffects?: unknown; type?: unknown };
    expect(manifest).toMatchObject({ sideEffects: false, type: "module" });
  });

  it("has no top-level statement but declarations, imports and exports", () => {
    const files = sourceFiles(ROOT, /\.ts$/u);
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (EFFECT.test(line)) found.push(`${path.relative(ROOT, file)}:${index + 1} ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("would catch a registration or a setting", () => {
    for (const line of ["register(x);", "z.config({});", "globalThis.x = 1;", "count++;", "await ready;", "new Worker(url);"]) expect(EFFECT.test(line), line).toBe(true);
    for (const line of ["const x = f();", "export const y = 1;", "import { a } from './a';", "function f() {}", "x === y;"]) expect(EFFECT.test(line), line).toBe(false);
  });
});
