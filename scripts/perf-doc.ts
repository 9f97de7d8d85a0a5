import { existsSync, readFileSync, writeFileSync } from "node:fs";

const PERF_DOC = "docs/perf.md";

/**
 * Replaces (or appends) one `## title` section of docs/perf.md, so each benchmark rewrites only its
 * own results.
 */
export async function writePerfSection(title: string, body: string): Promise<void> {
  const current = existsSync(PERF_DOC) ? readFileSync(PERF_DOC, "utf8") : "# Tablée performance\n\nResults written by the `npm run bench:*` commands.\n";
  const heading = `## ${title}`;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.indexOf(heading);
  let next: string;
  if (start < 0) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf("\n## ", start + heading.length);
    next = `${current.slice(0, start)}${section}${after < 0 ? "" : `\n${current.slice(after + 1)}`}`;
  }
  writeFileSync(PERF_DOC, next);
}
