import { registerMessages } from "../../i18n/register";
import { gameHistory } from "../history";
import type { GameClient } from "../types";
import HistoryTile from "./HistoryTile.svelte";
import { en, fr } from "./messages";
import QwirkleBoard from "./QwirkleBoard.svelte";
import { qwirkleSentence } from "./sentence";
import { formatQwirkleSummary } from "./summary";
import { asQwirkleView } from "./view";

// The history sentences live with the game (games.qwirkle.sentence), registered when the registry imports it.
registerMessages("en", en);
registerMessages("fr", fr);

export const qwirkleClient: GameClient = {
  Board: QwirkleBoard,
  loadRules: () => import("./QwirkleRules.svelte").then((rules) => rules.default),
  loadMoveSchema: () => import("../../../../shared/games/qwirkle/schemas").then((schemas) => schemas.moveSchema),
  seatDetail: (view, seat, t) => {
    const count = asQwirkleView(view)?.handCounts[seat];
    return count === undefined ? null : t("games.qwirkle.ui.tilesInHand", { values: { n: count } });
  },
  formatSummary: formatQwirkleSummary,
  history: gameHistory(qwirkleSentence, HistoryTile),
};
