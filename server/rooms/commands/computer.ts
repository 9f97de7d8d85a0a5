import type { FastifyBaseLogger } from "fastify";
import type { ErasedGame } from "../../../shared/engine/erase";
import type { PublicMoveSummary } from "../../../shared/engine/types";
import { TableeError } from "../../../shared/protocol";
import { botRequestOf } from "../../bots/request";
import type { BotDecider } from "../../bots/threads";
import type { DatabaseGuard } from "../databaseGuard";
import { unchanged, type Command } from "../decide";
import type { RoomPass } from "../pass";
import { botOfSeat, type MoveRow, type RoomRecord } from "../record";
import type { RoomStore } from "../store";
import * as transitions from "../transitions";

/** A computer's decision, or why it has none. */
type Decision = { readonly ok: true; readonly move: unknown } | { readonly ok: false; readonly error: unknown };

/** The bot of a computer turn, and its game. */
interface DueBot {
  readonly game: ErasedGame;
  readonly botId: string;
}

/** Whether `seat`'s computer is still due to play at `expectedMoveNumber`, given the public log read (`historyLength` entries). */
function dueBot(room: RoomRecord, game: ErasedGame, seat: number, expectedMoveNumber: number, historyLength: number): DueBot | null {
  const botId = botOfSeat(room, seat);
  const stillDue =
    historyLength === room.moveNumber && // the log moved on while we read it
    room.status === "playing" &&
    room.settings.botSpeed !== "paused" &&
    room.moveNumber === expectedMoveNumber &&
    game.currentSeats(room.state).includes(seat);
  return stillDue && botId !== null && game.bots.some((b) => b.id === botId) ? { game, botId } : null;
}

/**
 * The command that plays a computer's decided move, if it is still that computer's turn. A bot bug
 * (an illegal move, a decision that threw or ran too long) must not stall the table: it is logged
 * loudly and the first legal move is played instead.
 */
function playDecided(seat: number, expectedMoveNumber: number, historyLength: number, bot: DueBot, decided: Decision, log: FastifyBaseLogger): Command<boolean> {
  return (room, game, now) => {
    // Still due, and to the same computer (a seat set to another level meanwhile gets its own turn).
    if (dueBot(room, game, seat, expectedMoveNumber, historyLength)?.botId !== bot.botId) return unchanged(room, false);
    let move = decided.ok ? decided.move : undefined;
    if (!decided.ok || !game.apply(room.state, seat, move).ok) {
      const problem = decided.ok ? { move } : { err: decided.error };
      log.error({ roomId: room.id, seat, bot: bot.botId, ...problem }, decided.ok ? "computer player proposed an illegal move" : "computer player could not decide");
      move = game.legalMoves(room.state, seat)[0];
    }
    // A human's seat played by a stand-in (a take-over, or their slow turn's time ran out): the log says so.
    const standIn = room.seats[seat]?.kind === "human" ? bot.botId : undefined;
    const accepted = transitions.playMove(room, game, seat, move, now, standIn);
    const row: MoveRow = { moveNumber: accepted.room.moveNumber, seat, move: accepted.move, summary: accepted.summary, standIn: standIn ?? null };
    return { next: accepted.room, move: row, result: true };
  };
}

/** What computer turns need from the room service. */
export interface ComputerParts {
  readonly store: RoomStore;
  readonly guard: DatabaseGuard;
  readonly pass: RoomPass;
  readonly get: (roomId: string) => Promise<RoomRecord>;
  readonly gameOf: (room: RoomRecord) => ErasedGame;
  readonly decider: BotDecider;
  readonly log: FastifyBaseLogger;
}

/**
 * Computer moves. The bot sees only its seat's view and the public log, never the state, and thinks
 * outside the room's lane (on a bot thread when there are some); its move then goes through the
 * pass like any other, played only if the room has not moved on meanwhile.
 */
export class ComputerTurns {
  /** Computer decisions under way, by room, move number, seat and bot (see `decision`). */
  private readonly thinking = new Map<string, Promise<Decision>>();

  constructor(private readonly parts: ComputerParts) {}

  /** Plays the computer's move for `seat` if it is still that computer's turn at `expectedMoveNumber`. Returns whether a move was played. */
  async play(roomId: string, seat: number, expectedMoveNumber: number): Promise<boolean> {
    const { store, guard, pass, log } = this.parts;
    // Bots get the whole public log, not just the tail that snapshots carry (they count cards).
    const history = await guard.run(() => store.moves(roomId), roomId);
    const before = await this.parts.get(roomId);
    const bot = dueBot(before, this.parts.gameOf(before), seat, expectedMoveNumber, history.length);
    if (!bot) return false;
    const decided = await this.decision(before, bot, seat, history.map((e) => e.summary));
    if (!decided.ok && decided.error instanceof TableeError) throw decided.error; // shutting down
    return pass.run(roomId, playDecided(seat, expectedMoveNumber, history.length, bot, decided, log));
  }

  /**
   * The bot's decision for `room` as it is now. A decision depends only on the room, seat, move
   * number and bot (its random numbers start from them), so asks for the same turn while the bot is
   * still thinking (a speed change schedules the turn again) share it instead of each taking a thread.
   */
  private decision(room: RoomRecord, bot: DueBot, seat: number, history: readonly PublicMoveSummary[]): Promise<Decision> {
    const key = `${room.id}:${room.moveNumber}:${seat}:${bot.botId}`;
    const pending = this.thinking.get(key);
    if (pending) return pending;
    const decided: Promise<Decision> = this.parts.decider.decide(bot.game, botRequestOf(room, bot.game, bot.botId, seat, history)).then(
      (move) => ({ ok: true, move }),
      (error: unknown) => ({ ok: false, error }),
    );
    this.thinking.set(key, decided);
    void decided.then(() => this.thinking.delete(key));
    return decided;
  }
}
