import { registerMessages } from "../../i18n/register";
import type { GameClient } from "../types";
import { en, fr } from "./messages";
import { formatWhisSummary } from "./summary";
import WhisBoard from "./WhisBoard.svelte";
import WhisRules from "./WhisRules.svelte";

// Registered at import time (svelte-i18n merges dictionaries), so the shared ones stay untouched.
registerMessages("en", en);
registerMessages("fr", fr);

export const whisClient: GameClient = {
  Board: WhisBoard,
  Rules: WhisRules,
  playersOnBoard: true,
  formatSummary: formatWhisSummary,
};
