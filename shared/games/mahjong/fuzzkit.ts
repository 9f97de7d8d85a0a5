// Reproducible play for this folder's property tests and for measuring the bots: random legal
// games and bot-vs-bot games driven by the engine's seeded Rng. Pure, so it compiles with the
// engine; only tests (and one-off measurements) import it.
import { Rng, seedRng } from "../../engine/rng";
import type { BotStrategy, PublicMoveSummary } from "../../engine/types";
import { mahjong } from "./game";
import type { MahjongMove, MahjongOptions, MahjongState, MahjongView } from "./types";

/** Chance that random play completes a visible pair when it can: pure chance would take ages. */
const PAIR_BIAS = 0.5;

/** A random legal move of the seat to play, often completing a pair; undefined when there is none. */
export function randomMove(state: MahjongState, rng: Rng): MahjongMove | undefined {
  const moves = mahjong.legalMoves(state, state.turn);
  const first = state.selected === null ? null : state.board[state.selected];
  const completing = moves.filter((m) => m.type === "select" && m.tile !== state.selected && state.board[m.tile] === first);
  const pool = completing.length > 0 && rng.next() < PAIR_BIAS ? completing : moves;
  return pool[rng.int(pool.length)];
}

/** A position after up to `moves` random legal moves from a fresh game. */
export function randomPosition(seed: string, options: MahjongOptions, moves: number): MahjongState {
  return randomGame(seed, options, moves).state;
}

/** Like `randomPosition`, with the public log of the moves played (what bots get as history). */
export function randomGame(seed: string, options: MahjongOptions, moves: number): BotGame {
  const rng = new Rng(seedRng(`${seed}/play`));
  let state = mahjong.setup(options, 2, seed);
  const history: PublicMoveSummary[] = [];
  for (let i = 0; i < moves && !state.finished; i++) {
    const move = randomMove(state, rng);
    if (move === undefined) break;
    const result = mahjong.apply(state, state.turn, move);
    if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
    state = result.state;
    history.push(result.summary);
  }
  return { state, history, moves: history.length };
}

export interface BotGame {
  readonly state: MahjongState;
  readonly history: PublicMoveSummary[];
  readonly moves: number;
}

type Bot = BotStrategy<MahjongView, MahjongMove>;

/**
 * A bot-vs-bot game as the arena plays it (each bot sees its view and the log; no clock, so a turn
 * ends when the bot ends it). Throws on an illegal move; stops after `maxMoves`.
 */
export function playBots(options: MahjongOptions, bots: readonly [Bot, Bot], seed: string, maxMoves = 5000): BotGame {
  let state = mahjong.setup(options, 2, seed);
  const rng = new Rng(seedRng(`${seed}:bots`));
  const random = (): number => rng.next();
  const history: PublicMoveSummary[] = [];
  let moves = 0;
  while (!state.finished && moves < maxMoves) {
    const seat = state.turn;
    const bot = bots[seat] as Bot;
    const move = bot.decide({ view: mahjong.view(state, seat), seat, history, random });
    const result = mahjong.apply(state, seat, move);
    if (!result.ok) throw new Error(`${bot.id} played ${JSON.stringify(move)}: ${result.error}`);
    state = result.state;
    history.push(result.summary);
    moves++;
  }
  return { state, history, moves };
}
