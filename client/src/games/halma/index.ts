import { addMessages } from "svelte-i18n";
import type { GameClient } from "../types";
import { seatColor } from "./colors";
import HalmaBoard from "./HalmaBoard.svelte";
import HalmaRules from "./HalmaRules.svelte";
import { en, fr } from "./messages";
import { formatHalmaSummary } from "./summary";
import { asHalmaView } from "./view";

// The game's texts live with the game (games.halma.*), registered when the registry imports it.
addMessages("en", en);
addMessages("fr", fr);

export const halmaClient: GameClient = {
  Board: HalmaBoard,
  Rules: HalmaRules,
  seatDetail: (view, seat, t) => {
    const v = asHalmaView(view);
    const n = v?.homeCounts[seat];
    if (v === null || n === undefined) return null;
    const total = v.camps[seat]?.length ?? 0;
    return t("games.halma.ui.seatDetail", { values: { color: t(`games.halma.colors.${seatColor(seat)}`), n, total } });
  },
  formatSummary: formatHalmaSummary,
};
