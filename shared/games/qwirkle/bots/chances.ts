/**
 * Chance that `draws` tiles taken at random from a pool of `pool` tiles include at least one of
 * `copies` particular tiles (hypergeometric: one minus the chance of missing them all). This is the
 * tile counting of the seed's tip: a tile whose copies are all on the board has no chance at all.
 */
export function chanceOfAny(copies: number, pool: number, draws: number): number {
  if (copies <= 0 || draws <= 0 || pool <= 0) return 0;
  let none = 1;
  for (let i = 0; i < draws && i < pool; i++) none *= Math.max(0, pool - copies - i) / (pool - i);
  return 1 - none;
}
