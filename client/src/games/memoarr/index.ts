import { registerMessages } from "../../i18n/register";
import { gameHistory } from "../history";
import type { GameClient } from "../types";
import HistoryCard from "./HistoryCard.svelte";
import MemoarrBoard from "./MemoarrBoard.svelte";
import MemoarrRules from "./MemoarrRules.svelte";
import { en, fr } from "./messages";
import { memoarrSentence } from "./sentence";
import { formatMemoarrSummary } from "./summary";

// Registered at import time (svelte-i18n merges dictionaries), so the shared ones stay untouched.
registerMessages("en", en);
registerMessages("fr", fr);

export const memoarrClient: GameClient = {
  Board: MemoarrBoard,
  Rules: MemoarrRules,
  playersOnBoard: true,
  formatSummary: formatMemoarrSummary,
  history: gameHistory(memoarrSentence, HistoryCard),
};
