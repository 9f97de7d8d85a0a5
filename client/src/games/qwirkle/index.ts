import type { GameClient } from "../types";
import QwirkleBoard from "./QwirkleBoard.svelte";
import QwirkleRules from "./QwirkleRules.svelte";
import { formatQwirkleSummary } from "./summary";
import { asQwirkleView } from "./view";

export const qwirkleClient: GameClient = {
  Board: QwirkleBoard,
  Rules: QwirkleRules,
  seatDetail: (view, seat, t) => {
    const count = asQwirkleView(view)?.handCounts[seat];
    return count === undefined ? null : t("games.qwirkle.ui.tilesInHand", { values: { n: count } });
  },
  formatSummary: formatQwirkleSummary,
};
