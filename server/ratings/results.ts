import type { Prisma } from "../db/generated/client";
import type { RoomRecord } from "../rooms/record";
import type { ScoreFields } from "../scores/chain";
import { planResults } from "./plan";
import type { Skill } from "./rate";

/**
 * Writes a finished game's `profile_results` rows and moves its rated players' `ratings`, inside the
 * transaction that appends the game's score rows (RoomStore.saveFinished): both land, or neither.
 * Must run after that transaction took the score chain's lock, which serialises every finish: the
 * ratings read here cannot change before this transaction commits, so two games finishing at the same
 * instant each move a player's rating once, one after the other (no lost update).
 */
export async function recordResults(tx: Prisma.TransactionClient, room: RoomRecord, scores: readonly ScoreFields[]): Promise<void> {
  const first = scores[0];
  if (!first) return;
  const seatOfHash = new Map(room.seats.flatMap((seat, index) => (seat.kind === "human" && seat.tokenHash !== null ? [[seat.tokenHash, index] as const] : [])));
  if (seatOfHash.size === 0) return;
  const held = await tx.profileSeat.findMany({
    where: { roomId: room.id, creator: false, tokenHash: { in: [...seatOfHash.keys()] } },
    select: { profileId: true, tokenHash: true },
  });
  if (held.length === 0) return; // guests only: nothing to write
  const holders = new Map<number, string[]>();
  for (const row of held) {
    const seat = seatOfHash.get(row.tokenHash)!;
    holders.set(seat, [...(holders.get(seat) ?? []), row.profileId]);
  }
  const gameId = first.gameId;
  const stored = await tx.rating.findMany({ where: { gameId, profileId: { in: held.map((row) => row.profileId) } } });
  const skills = new Map<string, Skill>(stored.map((row) => [row.profileId, { mu: row.mu, sigma: row.sigma }]));
  const planned = planResults(scores, holders, skills);
  const finishedAt = first.finishedAt;
  await tx.profileResult.createMany({
    data: planned.map((result) => ({
      profileId: result.profileId,
      gameId,
      roomId: room.id,
      finishedAt,
      seat: result.seat,
      nickname: result.nickname,
      seats: scores.length,
      rank: result.rank,
      winner: result.winner,
      rated: result.after !== null,
      muBefore: result.before?.mu ?? null,
      sigmaBefore: result.before?.sigma ?? null,
      muAfter: result.after?.mu ?? null,
      sigmaAfter: result.after?.sigma ?? null,
    })),
  });
  for (const result of planned) {
    if (result.after === null) continue;
    const won = result.winner ? 1 : 0;
    await tx.rating.upsert({
      where: { profileId_gameId: { profileId: result.profileId, gameId } },
      create: { profileId: result.profileId, gameId, mu: result.after.mu, sigma: result.after.sigma, games: 1, wins: won, updatedAt: finishedAt },
      update: { mu: result.after.mu, sigma: result.after.sigma, games: { increment: 1 }, wins: { increment: won }, updatedAt: finishedAt },
    });
  }
}
