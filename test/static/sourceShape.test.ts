import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_SOURCE, ROOT, sourceFiles } from "./sourceFiles";

/**
 * Issue 33's rules for the code itself: no source file in server/, shared/ or client/src over 400
 * lines (tests aside), so that each can be read at once, and no import circle, type-only imports
 * included (a circle means two files that cannot be understood one without the other). Two files
 * grew past 400 lines unnoticed before this scan existed.
 */
const FOLDERS = ["server", "shared", "client/src"];
const MAX_LINES = 400;
const SOURCE = /\.(ts|svelte)$/u;

/** Relative specifiers a file imports or re-exports statically (`import x from`, `import type`, `export … from`, `import "./x"`). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^;'"]*?from\s*["'](\.[^"']+)["']|(?:^|[\n;])\s*import\s*["'](\.[^"']+)["']/gu)) {
    found.push((match[1] ?? match[2])!);
  }
  return found;
}

/** The file a relative specifier names, as the bundler and tsx would find it. */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.svelte.ts`, path.join(base, "index.ts")];
  if (base.endsWith(".js")) candidates.push(base.replace(/\.js$/u, ".ts"));
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * Every import circle, each as the files along it (found by depth-first search; one per back edge).
 * A file importing itself (a recursive Svelte component) is no circle between files.
 */
export function circlesIn(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (next === file) continue;
      if (state.get(next) === "open") circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe("the code's shape (issue 33)", () => {
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder), SOURCE));

  it(`has no source file over ${MAX_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(200);
    const long = files
      .map((file) => ({ file: path.relative(ROOT, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter((entry) => entry.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("has no import circle", () => {
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const targets = importsOf(text)
        .map((specifier) => resolve(file, specifier))
        .filter((target): target is string => target !== null && !NOT_SOURCE.test(target));
      graph.set(file, targets);
    }
    const circles = circlesIn(graph).map((circle) => circle.map((file) => path.relative(ROOT, file)).join(" → "));
    expect(circles).toEqual([]);
  });

  it("would see an import of any kind and a circle", () => {
    const text = `import { a } from "./a";\nimport type { B } from "../b";\nexport { c } from "./c";\nimport "./d";\nimport x from "zod";\nconst e = await import("./e");`;
    expect(importsOf(text)).toEqual(["./a", "../b", "./c", "./d"]);
    expect(importsOf(`import {\n  a,\n  type B,\n} from "./multi";`)).toEqual(["./multi"]);
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a", "d"]],
    ]);
    expect(circlesIn(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(circlesIn(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });
});
