import { ordinal, rate, rating } from "openskill";

/**
 * The rating maths (docs/ratings.md): Weng-Lin with openskill's defaults — the Plackett-Luce model,
 * mu 25, sigma 25/3, beta 25/6, tau 25/300 — over the places the rated players took. Pure: the SQL
 * that reads and writes ratings is in ./results.ts.
 */

/** A player's skill as Weng-Lin keeps it: the mean and the uncertainty around it. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** Where a profile starts in a game it never played rated (mu 25, sigma 25/3). */
export const NEW_SKILL: Skill = rating();

/** Fewer rated games than this: the rating is shown as provisional (it still moves a lot). */
export const PROVISIONAL_GAMES = 5;

/** The global leaderboard lists a profile from this many rated games on (the friends' board lists all). */
export const DEFAULT_MIN_GAMES_LISTED = 3;

/** One rated player's place in a finished game: the outcome's rank (1 = first; equal ranks are a tie). */
export interface RatedPlace {
  readonly skill: Skill;
  readonly rank: number;
}

/**
 * Every rated player's new skill, in the order given. Only the relative order of the ranks counts
 * (computers and unrated seats are left out by the caller, so 1st and 3rd among humans is a plain win);
 * equal ranks are a tie. Fewer than two players: nobody moves.
 */
export function rateGame(places: readonly RatedPlace[]): Skill[] {
  if (places.length < 2) return places.map((p) => p.skill);
  const teams = places.map((p) => [rating({ mu: p.skill.mu, sigma: p.skill.sigma })]);
  return rate(teams, { rank: places.map((p) => p.rank) }).map(([skill]) => ({ mu: skill!.mu, sigma: skill!.sigma }));
}

/**
 * The number a player sees: the conservative estimate mu − 3·sigma (openskill's ordinal), on a scale
 * where a new player shows 1500 and one point of mu is worth 24 (openskill's own "Elo-like range"
 * example: alpha 24, target 1500). It rises as the system grows sure of a player, and falls with losses.
 */
export function displayRating(skill: Skill): number {
  return Math.round(ordinal(rating({ mu: skill.mu, sigma: skill.sigma }), { alpha: 24, target: 1500 }));
}

/** A rating made of too few games to be trusted yet. */
export function isProvisional(games: number): boolean {
  return games < PROVISIONAL_GAMES;
}
