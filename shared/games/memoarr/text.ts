// The seed's console rendering: each card a 3 × 3 block (`yyy / yWy / yyy`), `zzz` for face down.
// A welcome extra for a terminal-style view and for readable test failures.
import { SIZE } from "./cells";
import type { Card, MemoarrView, PlacedCard } from "./types";

const FACE_DOWN = ["zzz", "zzz", "zzz"] as const;
const BLANK = ["   ", "   ", "   "] as const;
const ROWS = "ABCDE";

/** The 3 rows of a face-up card: the background letter around the animal letter. */
export function renderCard(card: Card): [string, string, string] {
  const b = card.background;
  return [b.repeat(3), `${b}${card.animal}${b}`, b.repeat(3)];
}

/** The whole grid as the seed prints it: 5 blocks of 3 lines with the row letter, then the column numbers. */
export function renderGrid(view: Pick<MemoarrView, "grid">): string {
  const lines: string[] = [];
  for (let row = 0; row < SIZE; row++) {
    const blocks = Array.from({ length: SIZE }, (_, col) => {
      const cell = view.grid[row * SIZE + col];
      if (cell === undefined || cell.state === "empty") return BLANK;
      return cell.card !== null && cell.state === "up" ? renderCard(cell.card) : FACE_DOWN;
    });
    for (let line = 0; line < 3; line++) {
      const prefix = line === 1 ? `${ROWS[row] ?? "?"}  ` : "   ";
      lines.push(prefix + blocks.map((b) => b[line]).join(" "));
    }
    lines.push("");
  }
  lines.push("    " + Array.from({ length: SIZE }, (_, col) => String(col + 1)).join("   "));
  return lines.join("\n");
}

/** The expert display: only the revealed cards side by side, their positions underneath. */
export function renderRevealed(revealed: readonly PlacedCard[]): string {
  const blocks = revealed.map((p) => renderCard(p.card));
  const rows = [0, 1, 2].map((line) => blocks.map((b) => b[line]).join(" "));
  return [...rows, revealed.map((p) => p.cell.padEnd(3)).join(" ").trimEnd()].join("\n");
}

