// The WHIS decision benchmark's pieces: the hard bot's decision positions from games against three
// medium bots, what each legal move is worth when the hidden hands are known (the "oracle"), and
// how much a player loses against the best move by choosing its own (its regret).
import { Rng, seedRng } from "../../shared/engine/rng";
import type { BotInput, PublicMoveSummary, Seat } from "../../shared/engine/types";
import { applyMove } from "../../shared/games/whis/apply";
import { firstOf, hard } from "../../shared/games/whis/bots/hard";
import { knowledgeOf } from "../../shared/games/whis/bots/knowledge";
import { medium } from "../../shared/games/whis/bots/medium";
import { codeOf, elementCode, mediumChoice, rollout, type Sim } from "../../shared/games/whis/bots/simulate";
import { standingValue } from "../../shared/games/whis/bots/standing";
import { whis } from "../../shared/games/whis/game";
import type { WhisMove, WhisState, WhisView } from "../../shared/games/whis/types";
import { viewFor } from "../../shared/games/whis/view";

/** A decision of the hard seat with more than one move to choose from (passing aside). */
export interface Position {
  readonly id: string; // `${game}:${move number}`
  readonly state: WhisState;
  readonly input: Omit<BotInput<WhisView>, "random">;
}

/**
 * Plays game `index` of `seed` (hard at seat index % 4, medium elsewhere) and returns the hard seat's
 * decisions that offer a choice.
 */
export function positionsOf(seed: string, index: number): Position[] {
  const hardSeat = index % 4;
  let state = whis.setup(whis.optionsSchema.parse({}), 4, `${seed}:${index}`);
  const rng = new Rng(seedRng(`${seed}:${index}:bots`));
  const history: PublicMoveSummary[] = [];
  const out: Position[] = [];
  while (!state.finished) {
    const seat = state.turn;
    const input = { view: viewFor(state, seat), seat, history: history.slice(), random: () => rng.next() };
    if (seat === hardSeat && knowledgeOf(input).moves.filter((m) => m.type !== "pass").length > 1) {
      out.push({ id: `${index}:${history.length}`, state, input: { view: input.view, seat, history: input.history } });
    }
    const result = applyMove(state, seat, (seat === hardSeat ? hard : medium).decide(input));
    if (!result.ok) throw new Error(`refused move in game ${index}: ${result.error}`);
    state = result.state;
    history.push(result.summary);
  }
  return out;
}

/**
 * What each legal move is worth at `p` (the hard bot's value: 100 × chance of winning the game, see
 * standing.ts) when the other hands are known: the mean over `rollouts` reshuffles of the pile, each
 * round finished with every seat playing like medium, the same reshuffles for every move.
 */
export function oracleValues(p: Position, rollouts: number): { moves: WhisMove[]; values: number[] } {
  const k = knowledgeOf({ ...p.input, random: () => 0 });
  const world: Sim = {
    hands: p.state.hands.map((h) => h.map(codeOf)),
    pile: p.state.pile.map(codeOf),
    discard: k.view.discard.map(codeOf),
    asked: elementCode(k.view.asked),
    attack: k.view.attack,
    direction: k.view.direction,
    turn: k.seat,
  };
  const rng = new Rng(seedRng(`oracle:${p.id}`));
  const sums = k.moves.map(() => 0);
  const standing = { scores: k.view.scores, round: k.view.round, rounds: k.view.rounds, seat: k.seat as Seat };
  for (let r = 0; r < rollouts; r++) {
    const pile = rng.shuffle(world.pile);
    const seed = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)] as const;
    k.moves.forEach((move, i) => {
      const sim = { ...world, hands: world.hands.map((h) => h.slice()), pile: pile.slice(), discard: world.discard.slice() };
      const changes = rollout(sim, firstOf(move), new Rng(seed), 600, mediumChoice);
      sums[i] = (sums[i] ?? 0) + standingValue(standing, changes ?? k.view.scores.map(() => 0));
    });
  }
  return { moves: k.moves.slice(), values: sums.map((s) => s / rollouts) };
}

/** How much worse `move` is than the best move other than passing (0: it is the best). */
export function regretOf(oracle: { moves: readonly WhisMove[]; values: readonly number[] }, move: WhisMove): number {
  const key = JSON.stringify(move);
  const chosen = oracle.moves.findIndex((m) => JSON.stringify(m) === key);
  if (chosen < 0) throw new Error(`move not legal here: ${key}`);
  const best = Math.max(...oracle.values.filter((_, i) => oracle.moves[i]?.type !== "pass"));
  return best - (oracle.values[chosen] ?? 0);
}
