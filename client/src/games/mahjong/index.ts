import { addMessages } from "svelte-i18n";
import type { GameClient } from "../types";
import MahjongBoard from "./MahjongBoard.svelte";
import MahjongRules from "./MahjongRules.svelte";
import { en, fr } from "./messages";
import { formatMahjongSummary } from "./summary";
import { asMahjongView } from "./view";

// The game's texts live with the game (games.mahjong.*), registered when the registry imports it.
addMessages("en", en);
addMessages("fr", fr);

export const mahjongClient: GameClient = {
  Board: MahjongBoard,
  Rules: MahjongRules,
  seatDetail: (view, seat, t) => {
    const n = asMahjongView(view)?.shufflesLeft[seat];
    return n === undefined ? null : t("games.mahjong.ui.shufflesLeft", { values: { n } });
  },
  formatSummary: formatMahjongSummary,
};
