import type { ErasedGame } from "../../../shared/engine/erase";
import { TableeError, type SeatConfigKind } from "../../../shared/protocol";
import type { Command } from "../decide";
import { seatOfToken } from "../record";
import * as transitions from "../transitions";
import { hashToken, newSeed } from "../tokens";
import { requireCreator } from "./who";

/** Commands of a room before its game starts: seats taken, seats set up, the start. */

/**
 * A seat taken with `seatToken`. A token the client chose may come again (its first answer was lost):
 * the seat it already holds is answered as the first time, and changes nothing.
 */
export function claimSeat(seat: number, nickname: string, seatToken: string): Command<{ seat: number; seatToken: string }> {
  return (room, _game, now) => {
    const tokenHash = hashToken(seatToken);
    const held = seatOfToken(room, tokenHash);
    if (held === seat) return { next: room, result: { seat, seatToken } };
    if (held !== null) throw new TableeError("BAD_REQUEST", "this seat token already holds another seat");
    return { next: transitions.claimSeat(room, seat, nickname, tokenHash, now), result: { seat, seatToken } };
  };
}

export function configureSeat(creatorToken: string, seat: number, kind: SeatConfigKind, bot: string | undefined): Command<void> {
  return (room, game, now) => {
    requireCreator(room, creatorToken);
    return { next: transitions.configureSeat(room, game, seat, kind, bot, now), result: undefined };
  };
}

export function start(creatorToken: string): Command<void> {
  return (room, game, now) => {
    requireCreator(room, creatorToken);
    return { next: transitions.startGame(room, game, newSeed(), now), result: undefined };
  };
}

/** The seeds' computer-vs-computer demo: the game's demo computers seated, the other seats closed, started. */
export function startDemo(demo: NonNullable<ErasedGame["demo"]>): Command<void> {
  return (room, game, now) => {
    let next = room;
    for (const [seat, bot] of demo.bots.entries()) next = transitions.configureSeat(next, game, seat, "computer", bot, now);
    for (let seat = demo.bots.length; seat < next.seats.length; seat++) next = transitions.configureSeat(next, game, seat, "closed", undefined, now);
    next = transitions.startGame(next, game, newSeed(), now);
    return { next: { ...next, version: room.version + 1 }, result: undefined };
  };
}
