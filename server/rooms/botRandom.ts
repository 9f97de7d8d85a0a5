import { Rng, seedRng } from "../../shared/engine/rng";
import type { RoomRecord } from "./record";

/** A bot's random numbers: reproducible for a given room, seat and move, unknowable to players (the seed is secret). */
export function botRandom(room: RoomRecord, seat: number): () => number {
  const rng = new Rng(seedRng(`${room.seed ?? room.id}:bot:${seat}:${room.moveNumber}`));
  return () => rng.next();
}
