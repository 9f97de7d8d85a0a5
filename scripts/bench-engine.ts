/**
 * `npm run bench:engine`: for every game in the registry, the throughput of `apply` + one `view` per
 * seat along random legal games, and each bot's decision time (p50 / p99 / max) on positions from
 * those games. For spotting regressions; results go to docs/perf.md.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Rng, seedRng } from "../shared/engine/rng";
import type { ErasedGame } from "../shared/engine/erase";
import { GAMES } from "../shared/games/registry";
import { writePerfSection } from "./perf-doc";

const { values } = parseArgs({ options: { games: { type: "string", default: "20" }, decisions: { type: "string", default: "200" }, "dry-run": { type: "boolean", default: false } } });
const GAMES_PER_ENGINE = Number(values.games);
const DECISIONS = Number(values.decisions);

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (n: number) => Number(n.toFixed(3));

/** Random legal play; timeouts stand in for countdowns when nobody can move. */
function playRandom(game: ErasedGame, seed: string, seats: number, onState: (state: unknown) => void): { moves: number; applyViewMs: number } {
  const rng = new Rng(seedRng(seed));
  let state = game.setup(game.optionsSchema.parse({}), seats, seed);
  let moves = 0;
  let applyViewMs = 0;
  for (let guard = 0; guard < 5000 && !game.outcome(state).finished; guard++) {
    onState(state);
    const seat = game.currentSeats(state)[0];
    const legal = seat === undefined ? [] : game.legalMoves(state, seat);
    const move = legal[rng.int(legal.length)];
    const start = performance.now();
    const result =
      seat !== undefined && move !== undefined ? game.apply(state, seat, move) : game.timer && game.onTimeout ? game.onTimeout(state, game.timer(state)?.key ?? "") : null;
    if (!result?.ok) break;
    for (let s = 0; s < seats; s++) game.view(result.state, s);
    applyViewMs += performance.now() - start;
    state = result.state;
    moves++;
  }
  return { moves, applyViewMs };
}

const rows: string[] = [];
const report: Record<string, unknown> = {};
for (const game of GAMES) {
  const seats = game.seatCounts[0] ?? game.minSeats;
  let moves = 0;
  let applyViewMs = 0;
  const positions: unknown[] = [];
  for (let g = 0; g < GAMES_PER_ENGINE; g++) {
    const run = playRandom(game, `bench:${game.id}:${g}`, seats, (state) => {
      if (positions.length < DECISIONS * 4 && Math.random() < 0.3) positions.push(state);
    });
    moves += run.moves;
    applyViewMs += run.applyViewMs;
  }
  const movesPerSecond = Math.round(moves / (applyViewMs / 1000));
  rows.push(`| ${game.id} | apply + ${seats} views | ${movesPerSecond.toLocaleString("en")} moves/s | ${moves} moves |`);
  const bots: Record<string, unknown> = {};
  for (const bot of game.bots) {
    const times: number[] = [];
    for (const state of positions.slice(0, DECISIONS)) {
      const seat = game.currentSeats(state)[0];
      if (seat === undefined || game.legalMoves(state, seat).length === 0) continue;
      const rng = new Rng(seedRng(`d${times.length}`));
      const memory = game.botMemory?.(state, seat);
      const start = performance.now();
      bot.decide({ view: game.view(state, seat), seat, history: [], random: () => rng.next(), ...(memory === undefined ? {} : { memory }) });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    bots[bot.id] = { decisions: times.length, p50: ms(pct(times, 0.5)), p99: ms(pct(times, 0.99)), max: ms(times.at(-1) ?? 0) };
    const role = bot.id === game.hintBot ? " (also the hint)" : "";
    rows.push(`| ${game.id} | bot \`${bot.id}\` decision${role} | p50 ${ms(pct(times, 0.5))} ms, p99 ${ms(pct(times, 0.99))} ms, max ${ms(times.at(-1) ?? 0)} ms | ${times.length} positions |`);
  }
  report[game.id] = { moves, movesPerSecond, bots };
}
console.log(JSON.stringify(report, null, 2));
if (!values["dry-run"]) {
  await writePerfSection(
    "Engines (bench:engine)",
    [
      `Command: \`npm run bench:engine\` (${GAMES_PER_ENGINE} random legal games per engine at its smallest table, up to ${DECISIONS} positions per bot, empty history) on ${new Date().toISOString().slice(0, 10)}.`,
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}.`,
      "",
      "| game | what | result | sample |",
      "|---|---|---|---|",
      ...rows,
      "",
      "Computers decide on bot threads (BOT_THREADS), but a hint (\"show my best move\") is worked out on the server's event loop at each change, for the seat to play: a game's hint bot must stay well under the 50 ms round-trip target (bench:load).",
    ].join("\n"),
  );
}
