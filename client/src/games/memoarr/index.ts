import { addMessages } from "svelte-i18n";
import type { GameClient } from "../types";
import MemoarrBoard from "./MemoarrBoard.svelte";
import MemoarrRules from "./MemoarrRules.svelte";
import { en, fr } from "./messages";
import { formatMemoarrSummary } from "./summary";
import { asMemoarrView } from "./view";

// Registered at import time (svelte-i18n merges dictionaries), so the shared ones stay untouched.
addMessages("en", en);
addMessages("fr", fr);

export const memoarrClient: GameClient = {
  Board: MemoarrBoard,
  Rules: MemoarrRules,
  seatDetail: (view, seat, t) => {
    const v = asMemoarrView(view);
    if (v === null) return null;
    const won = v.roundWinners.filter((s) => s === seat).length;
    const state = v.phase === "play" && v.active[seat] === false ? `${t("games.memoarr.ui.out")} · ` : "";
    return state + t("games.memoarr.ui.roundsWon", { values: { n: won } });
  },
  formatSummary: formatMemoarrSummary,
};
