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
    score: outcome.scores[index] ?? 0,
    rank: outcome.ranks[index] ?? index + 1,
    winner: outcome.winners.includes(index),
    finishedAt,
    optionsSummary: optionsSummary(room.options),
  }));
}
