import type { Placement, Tile } from "../types";
import { bestMove } from "./bestmove";
import { tileCode, type Knowledge } from "./knowledge";
import { SimBoard } from "./simboard";

/**
 * A tile that would hand the opponent a Qwirkle: worth `gain` to them, held with probability `chance`
 * (exact tile counting). Few worlds misjudge such rare, costly tiles, so the lookahead corrects for
 * how often its worlds gave the opponent the tile (a control variate).
 */
export interface Risk {
  readonly code: number;
  readonly gain: number;
  readonly chance: number;
}

/** One guess at the hidden tiles: the next opponent's hand, then the order the bag will deal in. */
interface World {
  readonly opponent: readonly number[];
  readonly deal: readonly number[];
}

/**
 * A short determinized lookahead. The unseen tiles are dealt at random into a few "worlds"
 * (the next opponent's hand, then what the bag gives the bot); in each world the opponent answers
 * greedily and the bot then makes its best greedy move. A move is worth its points, minus the
 * answer it allows, plus `followUp` times the move it prepares. Every move is judged on the same
 * worlds, so the comparison is fair even with few of them. With the bag empty in a two-player game
 * the opponent's hand is exactly the unseen tiles, and the lookahead is exact.
 */
export class Lookahead {
  private readonly base: SimBoard;
  private readonly worlds: World[];
  private readonly bagCount: number;

  constructor(
    k: Knowledge,
    random: () => number,
    samples: number,
    private readonly followUp: number,
  ) {
    this.base = SimBoard.of(k.board, k.bounds);
    this.bagCount = k.bagCount;
    const pool: number[] = [];
    k.unseen.forEach((copies, code) => {
      for (let i = 0; i < copies; i++) pool.push(code);
    });
    const next = (k.seat + 1) % k.handCounts.length;
    const handSize = Math.min(k.handCounts[next] ?? 0, pool.length);
    // With nothing hidden but the opponent's hand, every world would be the same: one is enough.
    const exact = pool.length === handSize;
    this.worlds = Array.from({ length: exact ? 1 : samples }, () => {
      const deal = pool.slice();
      for (let i = deal.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [deal[i], deal[j]] = [deal[j] ?? 0, deal[i] ?? 0];
      }
      return { opponent: deal.slice(0, handSize), deal: deal.slice(handSize) };
    });
  }

  /**
   * The average of (− the opponent's answer + followUp × the bot's next move) after playing
   * `placements`, corrected for the Qwirkle `risks` the move leaves.
   */
  after(placements: readonly Placement[], leave: readonly Tile[], risks: readonly Risk[]): number {
    const cells = placements.map((p) => this.base.indexOf(p.row, p.col));
    const codes = placements.map(tileCode);
    return this.average(cells, codes, leave.map(tileCode), Math.min(placements.length, this.bagCount)) + this.correction(risks);
  }

  /** The same for an exchange: the board is unchanged and the bot keeps `kept`, drawing `given` tiles. */
  afterExchange(kept: readonly Tile[], given: number, risks: readonly Risk[]): number {
    return this.average([], [], kept.map(tileCode), given) + this.correction(risks);
  }

  /**
   * How much the worlds overstate the opponent's Qwirkles: what they gained in the worlds that
   * dealt them a risky tile, on average, minus what tile counting expects.
   */
  private correction(risks: readonly Risk[]): number {
    let sampled = 0;
    let expected = 0;
    for (const risk of risks) {
      expected += risk.chance * risk.gain;
      for (const world of this.worlds) if (world.opponent.includes(risk.code)) sampled += risk.gain / this.worlds.length;
    }
    return sampled - expected;
  }

  private average(cells: readonly number[], codes: readonly number[], leave: readonly number[], draws: number): number {
    let total = 0;
    for (const world of this.worlds) {
      const board = this.base.clone();
      cells.forEach((cell, i) => board.put(cell, codes[i] ?? 0));
      const bagAfter = this.bagCount - draws;
      const answer = bestMove(board, world.opponent, bagAfter === 0);
      total -= answer?.points ?? 0;
      // An opponent who empties their hand with the bag empty ends the game: no next move.
      if (answer !== null && bagAfter === 0 && answer.codes.length === world.opponent.length) continue;
      if (answer !== null) answer.cells.forEach((cell, i) => board.put(cell, answer.codes[i] ?? 0));
      const bagLater = Math.max(0, bagAfter - (answer?.codes.length ?? 0));
      const hand = [...leave, ...world.deal.slice(0, draws)];
      total += this.followUp * (bestMove(board, hand, bagLater === 0)?.points ?? 0);
    }
    return total / this.worlds.length;
  }
}
