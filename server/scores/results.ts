import type { ErasedGame } from "../../shared/engine/erase";
import type { RoomRecord } from "../rooms/record";
import type { ScoreFields } from "./chain";

/** "board=12x26, mode=quick": the options as one short, stable line for the score list. */
export function optionsSummary(options: Readonly<Record<string, unknown>>): string {
  return Object.keys(options)
    .sort()
    .map((key) => `${key}=${String(options[key])}`)
    .join(", ");
}

/**
 * One score row per seat of a finished game, in seat order. A human whose seat was finished by a
 * stand-in computer still counts as the human who sat there.
 */
export function scoreRowsOf(room: RoomRecord, game: ErasedGame, finishedAt: Date): ScoreFields[] {
  const outcome = game.outcome(room.state);
  return room.seats.map((seat, index) => ({
    gameId: game.id,
    gameName: game.names.en,
    roomId: room.id,
    seat: index,
    nickname: seat.nickname ?? `#${index + 1}`,
    isComputer: seat.kind === "computer",
    botLevel: seat.kind === "computer" ? seat.bot : null,
    score: storable(outcome.scores[index] ?? 0),
    rank: outcome.ranks[index] ?? index + 1,
    winner: outcome.winners.includes(index),
    finishedAt,
    optionsSummary: optionsSummary(room.options),
  }));
}

/** What score_entries.score (a 32-bit integer) holds. */
const SCORE_LIMIT = 2_147_483_647;

/**
 * A score as the list can store it: beyond a 32-bit integer (Mahjong++'s doubling pairs, a medium
 * board cleared in one turn by a scripted client: 10 × (2^28 − 1)) it is kept at the limit, rather
 * than the game's last move failing to commit and the game never finishing.
 */
function storable(score: number): number {
  return Math.max(-SCORE_LIMIT, Math.min(SCORE_LIMIT, Math.round(score)));
}
