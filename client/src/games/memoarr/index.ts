import { registerMessages } from "../../i18n/register";
import type { GameClient } from "../types";
import MemoarrBoard from "./MemoarrBoard.svelte";
import MemoarrRules from "./MemoarrRules.svelte";
import { en, fr } from "./messages";
import { formatMemoarrSummary } from "./summary";

// Registered at import time (svelte-i18n merges dictionaries), so the shared ones stay untouched.
registerMessages("en", en);
registerMessages("fr", fr);

export const memoarrClient: GameClient = {
  Board: MemoarrBoard,
  Rules: MemoarrRules,
  playersOnBoard: true,
  formatSummary: formatMemoarrSummary,
};
