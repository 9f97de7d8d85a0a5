import { registerMessages } from "../../i18n/register";
import { gameHistory } from "../history";
import type { GameClient } from "../types";
import HalmaBoard from "./HalmaBoard.svelte";
import HistoryPiece from "./HistoryPiece.svelte";
import { en, fr } from "./messages";
import { halmaSentence } from "./sentence";
import { formatHalmaSummary } from "./summary";

// The game's texts live with the game (games.halma.*), registered when the registry imports it.
registerMessages("en", en);
registerMessages("fr", fr);

export const halmaClient: GameClient = {
  Board: HalmaBoard,
  loadRules: () => import("./HalmaRules.svelte").then((rules) => rules.default),
  loadMoveSchema: () => import("../../../../shared/games/halma/schemas").then((schemas) => schemas.moveSchema),
  playersOnBoard: true,
  saysTurn: "seated", // its move bar's status line is a live region; a spectator has no move bar
  scoreMessage: "games.halma.ui.finalScore",
  formatSummary: formatHalmaSummary,
  history: gameHistory(halmaSentence, HistoryPiece),
};
