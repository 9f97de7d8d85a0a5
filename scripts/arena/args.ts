import type { ErasedGame } from "../../shared/engine/erase";

/** The arena's command line, parsed. Flags it does not know become game options. */
export interface ArenaArgs {
  readonly game: string;
  readonly seats: readonly string[]; // bot ids in seat order of game 0, e.g. ["hard", "medium"]
  readonly games: number;
  readonly seed: string;
  readonly workers: number;
  readonly maxMoves: number; // a game still running after this many moves counts as stalled
  readonly out: string | null; // markdown file to write the results into
  readonly options: Readonly<Record<string, string>>; // raw game options, validated by the game's schema
}

const USAGE =
  "usage: npm run arena -- --game <id> --seats <bot,bot[,…]> [--games 100] [--seed 1] [--workers n] [--max-moves 5000] [--out docs/bots.md] [--<option> <value>…]";

/** Parses `--key value` pairs; throws an Error whose message is meant for the terminal. */
export function parseArgs(argv: readonly string[], defaultWorkers: number): ArenaArgs {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (key === undefined || !key.startsWith("--") || value === undefined || value.startsWith("--")) {
      throw new Error(`expected "--key value" pairs near "${key ?? ""}"\n${USAGE}`);
    }
    flags.set(key.slice(2), value);
  }
  const take = (key: string): string | undefined => {
    const value = flags.get(key);
    flags.delete(key);
    return value;
  };
  const game = take("game");
  const seats = take("seats");
  if (game === undefined || seats === undefined) throw new Error(USAGE);
  const args: ArenaArgs = {
    game,
    seats: seats.split(",").map((s) => s.trim()),
    games: positiveInt("games", take("games") ?? "100"),
    seed: take("seed") ?? "1",
    workers: positiveInt("workers", take("workers") ?? String(defaultWorkers)),
    maxMoves: positiveInt("max-moves", take("max-moves") ?? "5000"),
    out: take("out") ?? null,
    options: Object.fromEntries(flags),
  };
  return args;
}

/** `text` as a positive integer, or an Error naming the flag. */
export function positiveInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, not "${text}"`);
  return n;
}

/**
 * The game's options from the extra flags, validated by the game's own schema (defaults filled in).
 * Flags arrive as text; when the schema refuses them as text (a number or boolean option), they are
 * read as JSON values and checked again.
 */
export function resolveOptions(game: ErasedGame, raw: Readonly<Record<string, string>>): unknown {
  const asText = game.optionsSchema.safeParse(raw);
  if (asText.success) return asText.data;
  const asJson = game.optionsSchema.safeParse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, jsonOrText(v)])));
  if (asJson.success) return asJson.data;
  throw new Error(`bad options for ${game.id}: ${asText.error.message}`);
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
