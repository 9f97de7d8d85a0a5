// The WHIS decision benchmark: how close each setting of the hard bot's search comes to the best
// move, judged with the hidden hands known. Far less noisy than whole arena games, it tells which
// search settings pay (docs/bots.md):
//   npm run whis:regret -- --games 160 --seed pos --rollouts 1000 --settings "medium;hard;worlds=160,thin=10,z=1"
// Game i of the seed is played by the current hard bot against three medium bots; every decision of
// the hard seat with a choice becomes a position; each legal move there gets its oracle value
// (oracle.ts); each setting then decides at every position and loses its regret. Settings: "medium",
// "hard" (its DEFAULT_SEARCH) or `key=value` changes to DEFAULT_SEARCH (worlds, lastRoundWorlds,
// thin, burnIn, z). Each pair of settings is also compared decision by decision.
import { availableParallelism } from "node:os";
import { parseArgs as parseFlags } from "node:util";
import { Rng, seedRng } from "../shared/engine/rng";
import type { BotInput } from "../shared/engine/types";
import { DEFAULT_SEARCH, searchMove, type SearchOptions } from "../shared/games/whis/bots/hard";
import { medium } from "../shared/games/whis/bots/medium";
import type { WhisMove, WhisView } from "../shared/games/whis/types";
import { positiveInt } from "./arena/args";
import { commandLine, writeRun } from "./arena/markdown";
import { interleavedSlices, mainOrWorker, runInWorkers } from "./arena/workers";
import { oracleValues, positionsOf, regretOf } from "./whis-regret/oracle";

interface Args {
  readonly games: number;
  readonly seed: string;
  readonly rollouts: number;
  readonly settings: readonly string[];
  readonly workers: number;
  readonly out: string | null;
}

/** Per setting, the regret at each position of the worker's games (positions in the same order for every setting). */
type Regrets = Record<string, number[]>;

function parseArgs(argv: readonly string[]): Args {
  const { values } = parseFlags({
    args: [...argv],
    options: {
      games: { type: "string", default: "40" },
      seed: { type: "string", default: "pos" },
      rollouts: { type: "string", default: "1000" },
      settings: { type: "string", default: "medium;hard" },
      workers: { type: "string", default: String(availableParallelism()) },
      out: { type: "string" },
    },
  });
  const settings = values.settings.split(";").map((s) => s.trim()).filter((s) => s !== "");
  settings.forEach(deciderOf); // fail early on a bad setting
  return {
    games: positiveInt("games", values.games),
    seed: values.seed,
    rollouts: positiveInt("rollouts", values.rollouts),
    settings,
    workers: positiveInt("workers", values.workers),
    out: values.out ?? null,
  };
}

const KEYS = ["worlds", "lastRoundWorlds", "thin", "burnIn", "z"] as const;

/** The decision function a setting names. */
function deciderOf(setting: string): (input: BotInput<WhisView>) => WhisMove {
  if (setting === "medium") return (input) => medium.decide(input);
  if (setting === "hard") return (input) => searchMove(input, DEFAULT_SEARCH);
  const options: Record<string, unknown> = { ...DEFAULT_SEARCH };
  for (const part of setting.split(",")) {
    const [key, value] = part.split("=");
    const n = Number(value);
    if (!KEYS.some((k) => k === key) || value === undefined || !Number.isFinite(n)) throw new Error(`bad setting "${part}" (keys: ${KEYS.join(", ")})`);
    options[key as string] = n;
  }
  const search = options as unknown as SearchOptions;
  return (input) => searchMove(input, search);
}

function runGames(args: Args, indices: readonly number[]): Regrets {
  const deciders = args.settings.map(deciderOf);
  const regrets: Regrets = Object.fromEntries(args.settings.map((s) => [s, []]));
  for (const index of indices) {
    for (const position of positionsOf(args.seed, index)) {
      const oracle = oracleValues(position, args.rollouts);
      deciders.forEach((decide, i) => {
        const rng = new Rng(seedRng(`decide:${position.id}`)); // the same luck for every setting
        const move = decide({ ...position.input, random: () => rng.next() });
        regrets[args.settings[i] as string]?.push(regretOf(oracle, move));
      });
    }
  }
  return regrets;
}

interface Job {
  readonly args: Args;
  readonly indices: readonly number[];
}

async function runAll(args: Args): Promise<Regrets> {
  const jobs: Job[] = interleavedSlices(args.games, args.workers).map((indices) => ({ args, indices }));
  const parts = await runInWorkers<Job, Regrets>(import.meta.url, jobs);
  return Object.fromEntries(args.settings.map((s) => [s, parts.flatMap((p) => p[s] ?? [])]));
}

/** Mean and 95 % half-width of a sample. */
function meanCi(xs: readonly number[]): { mean: number; ci95: number } {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, n - 1);
  const round = (x: number): number => Number(x.toFixed(3));
  return { mean: round(mean), ci95: round(1.96 * Math.sqrt(variance / n)) };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  const started = performance.now();
  const regrets = await runAll(args);
  const result = {
    games: args.games,
    seed: args.seed,
    rollouts: args.rollouts,
    positions: regrets[args.settings[0] as string]?.length ?? 0,
    regret: Object.fromEntries(args.settings.map((s) => [s, meanCi(regrets[s] ?? [])])),
    // Paired over the same positions, so much tighter than the difference of the means' intervals.
    differences: Object.fromEntries(
      args.settings.flatMap((a, i) =>
        args.settings.slice(i + 1).map((b) => [`${b} − ${a}`, meanCi((regrets[b] ?? []).map((r, j) => r - (regrets[a]?.[j] ?? 0)))]),
      ),
    ),
    elapsedSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (args.out !== null) writeRun(args.out, commandLine("npm run whis:regret --", argv), result);
}

mainOrWorker<Job>(main, (job) => runGames(job.args, job.indices));
