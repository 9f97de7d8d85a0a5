import type { Seat } from "../../../../shared/engine/types";
import type { Translate } from "../../lib/errors";
import { asMemoarrView } from "./view";

/** The line under a player's name in the players panel: out of the round, rounds won, what is hidden. */
export function memoarrSeatDetail(view: unknown, seat: Seat, t: Translate): string | null {
  const v = asMemoarrView(view);
  if (v === null) return null;
  const won = v.roundWinners.filter((s) => s === seat).length;
  const state = v.phase === "play" && v.active[seat] === false ? `${t("games.memoarr.ui.out")} · ` : "";
  const secret = v.rubies === null && seat !== v.seat ? ` · ${t("games.memoarr.ui.rubiesHidden")}` : "";
  return state + t("games.memoarr.ui.roundsWon", { values: { n: won } }) + secret;
}

/**
 * The panel's score: until the end only one's own rubies are known, so it shows them (as the
 * header does) and "?" for the others, saying why; at the end (null) the platform's scores are
 * everyone's rubies.
 */
export function memoarrSeatScore(view: unknown, seat: Seat, t: Translate): { text: string; title: string } | null {
  const v = asMemoarrView(view);
  if (v === null || v.rubies !== null) return null;
  if (seat === v.seat && v.myRewards !== null) return { text: String(v.myRewards.reduce((a, b) => a + b, 0)), title: t("games.memoarr.ui.rubiesSecret") };
  return { text: "?", title: t("games.memoarr.ui.rubiesSecret") };
}
