import { TableeError } from "../../../shared/protocol";
import type { Command } from "../decide";
import { isCreator, seatOfToken, type RoomRecord } from "../record";
import * as transitions from "../transitions";
import { hashToken } from "../tokens";
import { requireCreator } from "./who";

/** Commands about the table during a game: who plays a seat, the settings, pause and resume. */

/**
 * Any seated player may hand an absent human's seat to a computer; `absentLongEnough` (from the
 * socket layer, which knows connections) is asked inside the room's lane.
 */
export function takeOver(askerToken: string, seat: number, bot: string | undefined, absentLongEnough: (room: RoomRecord) => boolean): Command<void> {
  return (room, game, now) => {
    const asker = seatOfToken(room, hashToken(askerToken));
    if (asker === null) throw new TableeError("NOT_YOUR_SEAT", "only a seated player may do this");
    if (asker === seat) throw new TableeError("BAD_REQUEST", "you cannot take over your own seat");
    // Being away is normal in a slow room: a computer steps in by itself once a turn's time is up.
    if (room.settings.paceDays !== null) throw new TableeError("TOO_EARLY", "in a slow room a computer plays a turn only once its time is up");
    if (!absentLongEnough(room)) throw new TableeError("TOO_EARLY", "that player has not been away long enough");
    return { next: transitions.takeOver(room, game, seat, bot, now), result: undefined };
  };
}

/** A returning human takes their seats back from their stand-ins. */
export function reclaim(seats: readonly number[]): Command<void> {
  return (room, _game, now) => ({ next: transitions.reclaimSeats(room, seats, now), result: undefined });
}

/**
 * The computer speed may be changed by the creator, any seated human, or — in a room with no human
 * seat — anyone watching (the spectators' speed control). Hints and chat settings: creator only.
 */
export function updateSettings(token: string | undefined, changes: transitions.SettingsChange): Command<void> {
  return (room, _game, now) => {
    const hash = token === undefined ? null : hashToken(token);
    const creator = isCreator(room, hash);
    const seated = hash !== null && seatOfToken(room, hash) !== null;
    const noHumans = room.seats.every((s) => s.kind !== "human");
    const creatorOnly = changes.hints !== undefined || changes.spectatorChat !== undefined || changes.chatMutedSeats !== undefined;
    if (creatorOnly && !creator) throw new TableeError("NOT_CREATOR", "only the room's creator may change this");
    if (changes.botSpeed !== undefined && !creator && !seated && !noHumans) throw new TableeError("NOT_YOUR_SEAT", "only players may change the speed");
    return { next: transitions.changeSettings(room, changes, now), result: undefined };
  };
}

/** The creator stops the game and saves it: clocks and computers stop until someone resumes. */
export function pause(creatorToken: string): Command<void> {
  return (room, _game, now) => {
    requireCreator(room, creatorToken);
    return { next: transitions.pauseGame(room, now), result: undefined };
  };
}

/** Any seated player (or the creator) resumes a saved game, from any device holding their token. */
export function resume(token: string): Command<void> {
  return (room, _game, now) => {
    const hash = hashToken(token);
    if (!isCreator(room, hash) && seatOfToken(room, hash) === null) throw new TableeError("NOT_YOUR_SEAT", "only the players may resume this game");
    return { next: transitions.resumeGame(room, now), result: undefined };
  };
}
