import { registerMessages } from "../../i18n/register";
import { gameHistory } from "../history";
import type { GameClient } from "../types";
import HistoryCard from "./HistoryCard.svelte";
import MemoarrBoard from "./MemoarrBoard.svelte";
import { en, fr } from "./messages";
import { memoarrSentence } from "./sentence";
import { formatMemoarrSummary } from "./summary";

// Registered at import time (svelte-i18n merges dictionaries), so the shared ones stay untouched.
registerMessages("en", en);
registerMessages("fr", fr);

export const memoarrClient: GameClient = {
  Board: MemoarrBoard,
  loadRules: () => import("./MemoarrRules.svelte").then((rules) => rules.default),
  loadMoveSchema: () => import("../../../../shared/games/memoarr/schemas").then((schemas) => schemas.moveSchema),
  playersOnBoard: true,
  saysTurn: "always", // its board's turn line is a live region, for spectators too
  announcesMoves: true, // its board's last event (MemoarrBoard's `last-event`)
  scoreMessage: "games.memoarr.ui.finalScore",
  formatSummary: formatMemoarrSummary,
  history: gameHistory(memoarrSentence, HistoryCard),
};
