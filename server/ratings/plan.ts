import { NEW_SKILL, rateGame, type Skill } from "./rate";

/** A seat's place in a finished game, as its score row says. */
export interface SeatPlace {
  readonly seat: number;
  readonly nickname: string;
  readonly isComputer: boolean;
  readonly rank: number;
  readonly winner: boolean;
}

/** One `profile_results` row to write: the seat a profile held, and its rating around the game when rated. */
export interface PlannedResult {
  readonly profileId: string;
  readonly seat: number;
  readonly nickname: string;
  readonly rank: number;
  readonly winner: boolean;
  readonly before: Skill | null; // null: not rated
  readonly after: Skill | null;
}

/**
 * Who gets a result and who is rated (docs/ratings.md, "Who is rated"):
 * - a human seat held by exactly one profile gives that profile a result row; a seat held by two
 *   profiles (two people signed in on one device in turn) gives none: nobody can tell who played it;
 * - a profile holding two or more seats is not rated (nobody rates themselves against themselves);
 * - the others are rated together when there are at least two of them, over their ranks relative to
 *   each other: computers, guests and unrated seats are left out of the ranking.
 * `holders`: the profiles holding each seat; `skills`: the rated players' current skills (missing: new).
 */
export function planResults(places: readonly SeatPlace[], holders: ReadonlyMap<number, readonly string[]>, skills: ReadonlyMap<string, Skill>): PlannedResult[] {
  const held = places.flatMap((place) => {
    const profiles = holders.get(place.seat) ?? [];
    return !place.isComputer && profiles.length === 1 ? [{ place, profileId: profiles[0]! }] : [];
  });
  const seatsOf = new Map<string, number>();
  for (const { profileId } of held) seatsOf.set(profileId, (seatsOf.get(profileId) ?? 0) + 1);
  const rated = held.filter(({ profileId }) => seatsOf.get(profileId) === 1);
  const ratedEnough = rated.length >= 2;
  const after = ratedEnough ? rateGame(rated.map(({ place, profileId }) => ({ skill: skills.get(profileId) ?? NEW_SKILL, rank: place.rank }))) : [];
  const newSkill = new Map(ratedEnough ? rated.map(({ profileId }, i) => [profileId, after[i]!] as const) : []);
  return held.map(({ place, profileId }) => {
    const next = newSkill.get(profileId) ?? null;
    return {
      profileId,
      seat: place.seat,
      nickname: place.nickname,
      rank: place.rank,
      winner: place.winner,
      before: next && (skills.get(profileId) ?? NEW_SKILL),
      after: next,
    };
  });
}
