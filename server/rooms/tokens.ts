import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
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
  return createHash("sha256").update(token).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
