import { LIMITS, TableeError } from "../../../shared/protocol";
import type { Command } from "../decide";
import { seatOfToken, type MoveIdRecord, type MoveRow, type RoomRecord } from "../record";
import * as transitions from "../transitions";
import { hashToken } from "../tokens";

/** The move ids remembered with a room: those of its log tail. */
function rememberMoveId(room: RoomRecord, named: MoveIdRecord): MoveIdRecord[] {
  const oldest = named.moveNumber - LIMITS.logTail;
  return [...(room.moveIds ?? []).filter((m) => m.moveNumber > oldest), named];
}

/** The answer to a resent move id: the first answer, if it was this seat's move. */
export function sameMove(earlier: { seat: number; moveNumber: number }, seat: number): { moveNumber: number } {
  if (earlier.seat !== seat) throw new TableeError("BAD_REQUEST", "this move id was used for another seat");
  return { moveNumber: earlier.moveNumber };
}

/**
 * A human's move. With a `moveId` (chosen by the client), a resend of a move this room still
 * remembers is answered as the first time (its move number) and changes nothing. A resend the room
 * never played, chosen on a position the game has left since (`chosenAt`: a phone's "End turn" sent
 * as its connection dropped, resent after the clock ended that turn and the next one began), is
 * refused: played now, it would end the new turn, or play a card in a later trick.
 */
export function playerMove(seat: number, seatToken: string, move: unknown, moveId: string | undefined, chosenAt?: number): Command<{ moveNumber: number }> {
  return (room, game, now) => {
    if (seatOfToken(room, hashToken(seatToken)) !== seat) throw new TableeError("NOT_YOUR_SEAT", "this token does not hold that seat");
    const earlier = moveId === undefined ? undefined : room.moveIds?.find((m) => m.moveId === moveId);
    if (earlier) return { next: room, result: sameMove(earlier, seat) };
    if (chosenAt !== undefined && chosenAt !== room.moveNumber) throw new TableeError("TABLE_CHANGED", "the game moved on since this move was chosen: it was not played");
    const accepted = transitions.playMove(room, game, seat, move, now);
    const row: MoveRow = { moveNumber: accepted.room.moveNumber, seat, move: accepted.move, summary: accepted.summary, moveId: moveId ?? null };
    const next = moveId === undefined ? accepted.room : { ...accepted.room, moveIds: rememberMoveId(room, { moveId, seat, moveNumber: row.moveNumber }) };
    return { next, move: row, result: { moveNumber: accepted.room.moveNumber } };
  };
}
