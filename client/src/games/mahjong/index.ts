import { registerMessages } from "../../i18n/register";
import type { GameClient } from "../types";
import MahjongBoard from "./MahjongBoard.svelte";
import MahjongRules from "./MahjongRules.svelte";
import { en, fr } from "./messages";
import { formatMahjongSummary } from "./summary";

// The game's texts live with the game (games.mahjong.*), registered when the registry imports it.
registerMessages("en", en);
registerMessages("fr", fr);

export const mahjongClient: GameClient = {
  Board: MahjongBoard,
  Rules: MahjongRules,
  playersOnBoard: true,
  formatSummary: formatMahjongSummary,
};
