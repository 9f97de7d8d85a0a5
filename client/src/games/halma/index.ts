import { addMessages } from "svelte-i18n";
import type { GameClient } from "../types";
import HalmaBoard from "./HalmaBoard.svelte";
import HalmaRules from "./HalmaRules.svelte";
import { en, fr } from "./messages";
import { formatHalmaSummary } from "./summary";

// The game's texts live with the game (games.halma.*), registered when the registry imports it.
addMessages("en", en);
addMessages("fr", fr);

export const halmaClient: GameClient = {
  Board: HalmaBoard,
  Rules: HalmaRules,
  playersOnBoard: true,
  formatSummary: formatHalmaSummary,
};
