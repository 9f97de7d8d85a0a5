import { createHash } from "node:crypto";

/** The previous hash of the very first score row. */
export const GENESIS_HASH = "0".repeat(64);

/** The fields of a score row that its hash covers (everything but the id). */
export interface ScoreFields {
  readonly gameId: string;
  readonly gameName: string;
  readonly roomId: string;
  readonly seat: number;
  readonly nickname: string;
  readonly isComputer: boolean;
  readonly botLevel: string | null;
  readonly score: number;
  readonly rank: number;
  readonly winner: boolean;
  readonly finishedAt: Date;
  readonly optionsSummary: string;
}

/**
 * SHA-256 over the previous row's hash and this row's fields, in a fixed order. Changing any field
 * of any row, or inserting, removing or reordering rows, breaks every later link.
 */
export function scoreHash(prevHash: string, row: ScoreFields): string {
  const canonical = JSON.stringify([
    prevHash,
    row.gameId,
    row.gameName,
    row.roomId,
    row.seat,
    row.nickname,
    row.isComputer,
    row.botLevel,
    row.score,
    row.rank,
    row.winner,
    row.finishedAt.toISOString(),
    row.optionsSummary,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** Links rows onto the chain after `prevHash`, in order. */
export function chainRows(prevHash: string, rows: readonly ScoreFields[]): (ScoreFields & { prevHash: string; hash: string })[] {
  let previous = prevHash;
  return rows.map((row) => {
    const hash = scoreHash(previous, row);
    const linked = { ...row, prevHash: previous, hash };
    previous = hash;
    return linked;
  });
}
