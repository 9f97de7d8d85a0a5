import type { PrismaClient } from "../db/generated/client";
import { GENESIS_HASH, scoreHash } from "./chain";

export type ChainReport = { readonly ok: true; readonly rows: number } | { readonly ok: false; readonly rows: number; readonly brokenAt: string; readonly reason: string };

/** Walks the whole score chain in id order and recomputes every hash. */
export async function verifyScoreChain(prisma: PrismaClient, batch = 5000): Promise<ChainReport> {
  let previous = GENESIS_HASH;
  let lastId = -1n;
  let rows = 0;
  for (;;) {
    const page = await prisma.scoreEntry.findMany({ where: { id: { gt: lastId } }, orderBy: { id: "asc" }, take: batch });
    if (page.length === 0) return { ok: true, rows };
    for (const row of page) {
      rows++;
      if (row.prevHash !== previous) return { ok: false, rows, brokenAt: row.id.toString(), reason: "previous hash does not match the row before" };
      if (scoreHash(previous, row) !== row.hash) return { ok: false, rows, brokenAt: row.id.toString(), reason: "hash does not match the row's fields" };
      previous = row.hash;
      lastId = row.id;
    }
  }
}
