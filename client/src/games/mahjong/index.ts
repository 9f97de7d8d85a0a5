import { registerMessages } from "../../i18n/register";
import { gameHistory } from "../history";
import type { GameClient } from "../types";
import HistoryTile from "./HistoryTile.svelte";
import MahjongBoard from "./MahjongBoard.svelte";
import { en, fr } from "./messages";
import { mahjongSentence } from "./sentence";
import { formatMahjongSummary } from "./summary";

// The game's texts live with the game (games.mahjong.*), registered when the registry imports it.
registerMessages("en", en);
registerMessages("fr", fr);

export const mahjongClient: GameClient = {
  Board: MahjongBoard,
  loadRules: () => import("./MahjongRules.svelte").then((rules) => rules.default),
  loadMoveSchema: () => import("../../../../shared/games/mahjong/schemas").then((schemas) => schemas.moveSchema),
  playersOnBoard: true,
  saysTurn: "always", // its board's turn line is a live region, for spectators too
  formatSummary: formatMahjongSummary,
  history: gameHistory(mahjongSentence, HistoryTile),
};
