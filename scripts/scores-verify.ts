/**
 * `npm run scores:verify`: recomputes the score list's hash chain and says whether it is intact.
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop `npm start` first: PGlite has a
 * single owner). Exits 1 when the chain is broken.
 */
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { applyMigrations } from "../server/db/migrate";
import { verifyScoreChain } from "../server/scores/verify";

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await applyMigrations(db.url, config.migrationsDir);
  const report = await verifyScoreChain(db.prisma);
  console.log(JSON.stringify(report));
  if (!report.ok) {
    console.error(`score chain BROKEN at row ${report.brokenAt}: ${report.reason}`);
    process.exitCode = 1;
  } else {
    console.log(`score chain intact: ${report.rows} rows`);
  }
} finally {
  await db.close();
}
