import type { ErasedBot, ErasedGame, PublicMoveSummary } from "../../shared/engine/erase";
import { Rng, seedRng } from "../../shared/engine/rng";
import type { Seat } from "../../shared/engine/types";

/** One finished (or abandoned) arena game, as reported back by a worker. */
export interface GameRecord {
  readonly index: number;
  readonly labels: readonly string[]; // the label sitting at each seat in this game
  readonly scores: readonly number[];
  readonly winners: readonly Seat[];
  readonly moves: number;
  readonly stalled: boolean; // still running after the move cap
  readonly illegal: { readonly label: string; readonly error: string } | null; // a bot's move was refused
  readonly times: Readonly<Record<string, number[]>>; // decision times per label, in milliseconds
}

/** Who sits where in game `index`: the seating rotates every game, as the first player has an edge. */
export function seatingFor(labels: readonly string[], index: number): string[] {
  return labels.map((_, seat) => labels[(seat + index) % labels.length] ?? "");
}

/**
 * Plays one game headless through the erased engine, the way a room would: each bot decides from
 * `view(state, seat)` and the public summaries only, with its randomness from a seeded Rng, and every
 * move goes through `apply`. Setup uses the seed `${seed}:${index}` so any game can be replayed alone.
 */
export function playGame(
  game: ErasedGame,
  options: unknown,
  bots: ReadonlyMap<string, ErasedBot>, // by label
  labels: readonly string[],
  seed: string,
  index: number,
  maxMoves: number,
): GameRecord {
  const seating = seatingFor(labels, index);
  let state = game.setup(options, seating.length, `${seed}:${index}`);
  const rng = new Rng(seedRng(`${seed}:${index}:bots`));
  const random = (): number => rng.next();
  const history: PublicMoveSummary[] = [];
  const times: Record<string, number[]> = Object.fromEntries(labels.map((l) => [l, []]));
  let illegal: GameRecord["illegal"] = null;
  let moves = 0;
  while (!game.outcome(state).finished && moves < maxMoves) {
    // One seat at a time, then ask again: a game with simultaneous turns lists several seats.
    const seat = game.currentSeats(state)[0];
    if (seat === undefined) break;
    const label = seating[seat] ?? "";
    const bot = bots.get(label);
    if (bot === undefined) throw new Error(`no bot for label ${label}`);
    const view = game.view(state, seat);
    const started = performance.now();
    const memory = game.botMemory?.(state, seat); // what the seat saw earlier, as the server gives it
    const move = bot.decide({ view, seat, history, random, ...(memory === undefined ? {} : { memory }) });
    times[label]?.push(performance.now() - started);
    const result = game.apply(state, seat, move);
    if (!result.ok) {
      illegal = { label, error: result.error };
      break;
    }
    state = result.state;
    history.push(result.summary);
    moves++;
  }
  const outcome = game.outcome(state);
  return {
    index,
    labels: seating,
    scores: outcome.scores,
    winners: outcome.finished ? outcome.winners : [],
    moves,
    stalled: !outcome.finished && illegal === null,
    illegal,
    times,
  };
}
