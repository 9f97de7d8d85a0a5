import type { ErasedGame } from "../../shared/engine/erase";
import { GAMES } from "../../shared/games/registry";
import { DEFAULT_SETTINGS, type RoomRecord } from "../rooms/record";
import { claimSeat, configureSeat, newRoom, startGame } from "../rooms/transitions";

/** Rooms for the tests of this folder (not shipped: only tests import it). */

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const now = new Date(0);

/** Qwirkle's seats and names, with a state that says who is due and how it ended. */
export interface FakeState {
  readonly current: number[];
  readonly ranks?: number[];
  readonly winners?: number[];
}
/** Qwirkle with a fake state (see FakeState). */
export const fakeGame: ErasedGame = {
  ...qwirkle,
  currentSeats: (state) => [...(state as FakeState).current],
  outcome: (state) => {
    const s = state as FakeState;
    return { finished: s.ranks !== undefined, scores: [], winners: s.winners ?? [], ranks: s.ranks ?? [] };
  },
};

/** Alice (seat 0), Bob (seat 1) and an easy computer (seat 2), playing; seat 0 to move. */
export function tableRoom(): RoomRecord {
  let room = newRoom("room-1", qwirkle, { mode: "quick", board: "open" }, DEFAULT_SETTINGS, "creator", now);
  room = claimSeat(room, 0, "Alice", "hash-a", now);
  room = claimSeat(room, 1, "Bob", "hash-b", now);
  room = configureSeat(room, qwirkle, 2, "computer", "easy", now);
  room = startGame(room, qwirkle, "seed", now);
  return { ...room, state: { current: [0] } satisfies FakeState };
}

/** `room` after a move by `mover`, with `state` next. */
export function after(room: RoomRecord, mover: number, state: FakeState, changes: Partial<RoomRecord> = {}): RoomRecord {
  const moveNumber = room.moveNumber + 1;
  return { ...room, state, moveNumber, version: room.version + 1, log: [...room.log, { moveNumber, seat: mover, summary: { type: "pass" } as never }], ...changes };
}

