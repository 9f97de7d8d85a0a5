import { hash, randomBytes } from "node:crypto";
import { LIMITS } from "../../shared/protocol";

/** A share-link room id: 128 random bits, URL-safe. */
export function newRoomId(): string {
  return randomBytes(LIMITS.roomIdBytes).toString("base64url");
}

/** A bearer token for a seat or for the room's creator: 256 random bits. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(LIMITS.seatTokenBytes).toString("base64url");
}

/** A fresh RNG seed for a game; stored with the room for replays, never sent. */
export function newSeed(): string {
  return randomBytes(16).toString("hex");
}

/**
 * SHA-256 is enough here: tokens are 256 random bits, so there is nothing to brute-force and no
 * need for a slow password hash; storing the hash means a database leak gives nobody a seat.
 */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex"); // one-shot: no Hash object per call (every move hashes its seat token)
}

/**
 * Compares two token hashes in time that does not depend on where they differ. Every push checks
 * each socket's tokens against the room's seats, so this allocates nothing (no Buffers to collect).
 */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
