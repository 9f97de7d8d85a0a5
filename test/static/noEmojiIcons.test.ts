import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT as REPOSITORY, sourceFiles } from "./sourceFiles";

/**
 * Issue 17: emoji used as icons show as empty boxes where no emoji font is installed (Debian's
 * Chromium). Icons are SVG (lucide); this scan fails if a pictographic character comes back in the
 * client's sources: components, state, the i18n dictionaries and the games' texts alike, since a
 * player's screen shows them all. What counts: Unicode's Extended_Pictographic and
 * Emoji_Presentation characters and the emoji variation selector (U+FE0F). Allowed, because they are
 * plain text that common fonts (DejaVu) carry: ↔ (Memoarr!'s swap notation "B3 ↔ A3"). Arrows such
 * as ← → ↶, check marks ✓ ✗ and ★ are not pictographic and pass. Tests are skipped (they quote the
 * old strings).
 */
const ROOT = path.join(REPOSITORY, "client/src");
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Presentation}\u{FE0F}]/gu;
const ALLOWED = new Set(["↔"]);

describe("no emoji icons in the client", () => {
  it("finds no pictographic character in client/src (outside tests)", () => {
    const files = [...sourceFiles(ROOT, /\.(svelte|ts|css|html)$/u), path.join(ROOT, "..", "index.html")];
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line: string, index: number) => {
          const bad = [...line.matchAll(PICTOGRAPHIC)].map((m) => m[0]).filter((c) => !ALLOWED.has(c));
          if (bad.length > 0) found.push(`${path.relative(ROOT, file)}:${index + 1} ${bad.join(" ")}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("would catch the emoji the tour found", () => {
    for (const emoji of ["📖", "💾", "🔀", "⏭", "⏳", "🏆", "🤖", "⏸", "⏱", "⚠", "🏴‍☠️"]) expect(emoji.match(PICTOGRAPHIC)).not.toBeNull();
    for (const text of ["←", "→", "↶", "✓", "✗", "★", "×", "·"]) expect(text.match(PICTOGRAPHIC)).toBeNull();
  });
});
