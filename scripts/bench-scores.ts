/**
 * `npm run bench:scores`: seeds 1,000,000 score rows into a throw-away database on the Postgres at
 * DATABASE_URL (default: the local one), then times the score list API's queries — the first page
 * and a deep cursor page, unfiltered and filtered — and writes the results to docs/perf.md.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openDatabase } from "../server/db/database";
import { applyMigrations } from "../server/db/migrate";
import { chainRows, GENESIS_HASH, type ScoreFields } from "../server/scores/chain";
import { createApp } from "../server/app";
import { writePerfSection } from "./perf-doc";

const ROWS = Number(process.env.BENCH_SCORE_ROWS ?? 1_000_000);
const SAMPLES = 200;
const base = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test";
const name = `tablee_bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;

try {
  await applyMigrations(url.toString(), "prisma/migrations");
  const seedStart = performance.now();
  await seed(url.toString());
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: "data" });
  const app = await createApp({ db, clientDir: null, logLevel: "warn" });
  const results: { query: string; p50: number; p95: number; max: number }[] = [];
  const time = async (label: string, query: string) => {
    const times: number[] = [];
    await app.fastify.inject({ method: "GET", url: `/api/scores?limit=50&${query}` }); // warm-up
    for (let i = 0; i < SAMPLES; i++) {
      const start = performance.now();
      const response = await app.fastify.inject({ method: "GET", url: `/api/scores?limit=50&${query}` });
      times.push(performance.now() - start);
      if (response.statusCode !== 200 || (response.json() as { entries: unknown[] }).entries.length === 0) throw new Error(`${label}: ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2));
    results.push({ query: label, p50: at(0.5), p95: at(0.95), max: at(1) });
  };
  await time("first page, all games", "");
  await time("deep page (cursor 900,000 rows down), all games", `cursor=${ROWS - 900_000}`);
  await time("first page, game = qwirkle", "game=qwirkle");
  await time("deep page (cursor 850,000 rows down), game = qwirkle", `game=qwirkle&cursor=${Math.floor(ROWS * 0.15)}`);
  await time("first page, nickname = player42", "nickname=player42");
  await app.close();
  await db.close();
  console.log(JSON.stringify({ rows: ROWS, seedSeconds, results }, null, 2));
  const table = ["| query | p50 ms | p95 ms | max ms |", "|---|---|---|---|", ...results.map((r) => `| ${r.query} | ${r.p50} | ${r.p95} | ${r.max} |`)].join("\n");
  const ok = results.every((r) => r.p95 < 50);
  await writePerfSection(
    "Score list (bench:scores)",
    [
      `Command: \`npm run bench:scores\` (DATABASE_URL = local PostgreSQL ${(await admin.query("SHOW server_version")).rows[0]?.server_version ?? "?"}).`,
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Run on ${new Date().toISOString().slice(0, 10)}.`,
      `${ROWS.toLocaleString("en")} seeded rows (hash-chained, 5 games, 1,000 nicknames); ${SAMPLES} requests of \`GET /api/scores\` (50 rows a page) per line, through fastify's request injection (routing, validation, query, JSON), after 1 warm-up round.`,
      "",
      table,
      "",
      `Target: first page and deep cursor page < 50 ms at p95 — ${ok ? "met" : "NOT met"}.`,
    ].join("\n"),
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** Inserts ROWS chained rows in batches through unnest (far faster than row-by-row inserts). */
async function seed(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const games = ["qwirkle", "mahjong", "whis", "halma", "memoarr"];
  let previous = GENESIS_HASH;
  const batch = 10_000;
  const start = Date.UTC(2025, 0, 1);
  for (let offset = 0; offset < ROWS; offset += batch) {
    const fields: ScoreFields[] = [];
    for (let i = offset; i < Math.min(ROWS, offset + batch); i++) {
      const game = Math.floor(i / 4);
      fields.push({
        gameId: games[game % games.length] ?? "qwirkle",
        gameName: games[game % games.length] ?? "qwirkle",
        roomId: `room${game.toString(36).padStart(22, "0")}`,
        seat: i % 4,
        nickname: `Player${(i * 7919) % 1000}`,
        isComputer: i % 3 === 0,
        botLevel: i % 3 === 0 ? "medium" : null,
        score: (i * 31) % 200,
        rank: (i % 4) + 1,
        winner: i % 4 === 0,
        finishedAt: new Date(start + game * 60_000),
        optionsSummary: "mode=normal",
      });
    }
    const rows = chainRows(previous, fields);
    previous = rows.at(-1)?.hash ?? previous;
    const col = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
    await client.query(
      `INSERT INTO score_entries (game_id, game_name, room_id, seat, nickname, is_computer, bot_level, score, rank, winner, finished_at, options_summary, prev_hash, hash)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::bool[], $7::text[], $8::int[], $9::int[], $10::bool[], $11::timestamptz[], $12::text[], $13::text[], $14::text[])`,
      [col("gameId"), col("gameName"), col("roomId"), col("seat"), col("nickname"), col("isComputer"), col("botLevel"), col("score"), col("rank"), col("winner"), col("finishedAt"), col("optionsSummary"), col("prevHash"), col("hash")],
    );
  }
  await client.query("ANALYZE score_entries");
  await client.end();
}
