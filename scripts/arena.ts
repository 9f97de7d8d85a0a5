// Headless bot-vs-bot games for any registered game:
//   npm run arena -- --game qwirkle --seats hard,medium --games 1000 --seed 1 [--mode quick] [--out docs/bots.md]
// Game i is set up from the seed `${seed}:${i}` and the seating rotates every game, so each label
// starts equally often; results are reported per label. Games are shared out among worker threads.
import { availableParallelism } from "node:os";
import type { ErasedBot } from "../shared/engine/erase";
import { findGame } from "../shared/games/registry";
import { parseArgs, resolveOptions, type ArenaArgs } from "./arena/args";
import { commandLine, writeRun } from "./arena/markdown";
import { playGame, type GameRecord } from "./arena/play";
import { summarize } from "./arena/stats";
import { interleavedSlices, mainOrWorker, runInWorkers } from "./arena/workers";

/** What a worker is told to do: the parsed arguments and which game indices are its own. */
interface Job {
  readonly args: ArenaArgs;
  readonly indices: readonly number[];
}

/** Seat labels: the bot ids, with `#2`, `#3`… added to repeats so `medium,medium` reports two rows. */
function labelsOf(seats: readonly string[]): string[] {
  return seats.map((id, i) => {
    const before = seats.slice(0, i).filter((s) => s === id).length;
    return before === 0 ? id : `${id}#${before + 1}`;
  });
}

const botIdOf = (label: string): string => label.split("#")[0] ?? label;

/** Checks the arguments against the game before any game is played; throws a readable Error. */
function prepare(args: ArenaArgs): { options: unknown; bots: Map<string, ErasedBot>; labels: string[] } {
  const game = findGame(args.game);
  if (game === undefined) throw new Error(`unknown game "${args.game}"`);
  if (!game.seatCounts.includes(args.seats.length)) {
    const counts = game.seatCounts.map(String);
    const listed = counts.length > 1 ? `${counts.slice(0, -1).join(", ")} or ${counts.at(-1) ?? ""}` : (counts[0] ?? "no");
    throw new Error(`${game.id} takes ${listed} seats, not ${args.seats.length}`);
  }
  const labels = labelsOf(args.seats);
  const bots = new Map<string, ErasedBot>();
  for (const label of labels) {
    const bot = game.bots.find((b) => b.id === botIdOf(label));
    if (bot === undefined) throw new Error(`${game.id} has no bot "${botIdOf(label)}" (bots: ${game.bots.map((b) => b.id).join(", ") || "none"})`);
    bots.set(label, bot);
  }
  return { options: resolveOptions(game, args.options), bots, labels };
}

function runJob(job: Job): GameRecord[] {
  const game = findGame(job.args.game);
  if (game === undefined) throw new Error(`unknown game "${job.args.game}"`);
  const { options, bots, labels } = prepare(job.args);
  return job.indices.map((i) => playGame(game, options, bots, labels, job.args.seed, i, job.args.maxMoves));
}

/** Runs the jobs in worker threads (or inline for one worker) and collects every game's record. */
async function runAll(args: ArenaArgs): Promise<GameRecord[]> {
  const jobs: Job[] = interleavedSlices(args.games, args.workers).map((indices) => ({ args, indices }));
  if (jobs.length === 1) return runJob(jobs[0] ?? { args, indices: [] });
  const parts = await runInWorkers<Job, GameRecord[]>(import.meta.url, jobs);
  return parts.flat().sort((a, b) => a.index - b.index);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv, availableParallelism());
  const { options, labels } = prepare(args);
  const started = performance.now();
  const records = await runAll(args);
  const summary = summarize(records, labels, botIdOf);
  const result = {
    game: args.game,
    options,
    seats: labels,
    seed: args.seed,
    workers: Math.min(args.workers, args.games),
    ...summary,
    elapsedSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (args.out !== null) writeRun(args.out, commandLine("npm run arena --", argv), result);
}

mainOrWorker(main, runJob);
