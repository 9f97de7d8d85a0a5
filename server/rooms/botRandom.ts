import { Rng, seedRng } from "../../shared/engine/rng";
import type { RoomRecord } from "./record";

/** The seed of a bot's random numbers: reproducible for a given room, seat and move, unknowable to players (the room's seed is secret). */
export function botSeed(room: RoomRecord, seat: number): string {
  return `${room.seed ?? room.id}:bot:${seat}:${room.moveNumber}`;
}

/** The random numbers drawn from a bot seed. */
export function randomFrom(seed: string): () => number {
  const rng = new Rng(seedRng(seed));
  return () => rng.next();
}

/** A bot's random numbers for `seat` at the room's current move. */
export function botRandom(room: RoomRecord, seat: number): () => number {
  return randomFrom(botSeed(room, seat));
}
