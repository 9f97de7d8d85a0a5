import { registerMessages } from "../../i18n/register";
import { gameHistory } from "../history";
import type { GameClient } from "../types";
import HistoryCard from "./HistoryCard.svelte";
import { en, fr } from "./messages";
import { whisSentence } from "./sentence";
import { formatWhisSummary } from "./summary";
import WhisBoard from "./WhisBoard.svelte";

// Registered at import time (svelte-i18n merges dictionaries), so the shared ones stay untouched.
registerMessages("en", en);
registerMessages("fr", fr);

export const whisClient: GameClient = {
  Board: WhisBoard,
  loadRules: () => import("./WhisRules.svelte").then((rules) => rules.default),
  loadMoveSchema: () => import("../../../../shared/games/whis/schemas").then((schemas) => schemas.moveSchema),
  playersOnBoard: true,
  saysTurn: "always", // its board's turn line is a live region, for spectators too
  formatSummary: formatWhisSummary,
  history: gameHistory(whisSentence, HistoryCard),
};
