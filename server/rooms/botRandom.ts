import { Rng, seedRng, type RngState } from "../../shared/engine/rng";
import type { RoomRecord } from "./record";

/**
 * Where a bot's random numbers start: reproducible for a given room, seat and move, unknowable to
 * players. A generator state, not the seed text, so what a bot thread receives does not carry the
 * room's secret seed (which would deal every hand).
 */
export function botRngState(room: RoomRecord, seat: number): RngState {
  return seedRng(`${room.seed ?? room.id}:bot:${seat}:${room.moveNumber}`);
}

/** The random numbers drawn from a bot's starting state. */
export function randomFrom(state: RngState): () => number {
  const rng = new Rng(state);
  return () => rng.next();
}

/** A bot's random numbers for `seat` at the room's current move. */
export function botRandom(room: RoomRecord, seat: number): () => number {
  return randomFrom(botRngState(room, seat));
}
