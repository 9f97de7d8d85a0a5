import type { BotStrategy } from "../../../engine/types";
import type { MahjongMove, MahjongView, ViewTile } from "../types";
import { knowledgeOf, playTurn, type Knowledge } from "./knowledge";

/**
 * The seed's RecherchePaire, a beginner's way: select a free tile at random, then search the board
 * for its sister; if she is free, select her, otherwise select another tile at random (the new
 * first selection, no penalty). The random picks cost selections, so it takes fewer pairs in a turn
 * than SmartINAO, which only ever selects pairs it has found.
 */
export const recherchePaire: BotStrategy<MahjongView, MahjongMove> = {
  id: "easy",
  names: { fr: "Facile", en: "Easy" }, // the seed's RecherchePaire (named on the rules page, not to players)
  decide(input) {
    const k = knowledgeOf(input);
    const sister = sisterOfSelected(k);
    if (sister !== null) return playTurn(k, sister, input.random);
    const others = k.free.filter((t) => t.id !== k.view.selected);
    return playTurn(k, others[Math.floor(input.random() * others.length)] ?? null, input.random);
  },
};

/** A free sister of the selected tile, when the selected tile's face is in sight. */
function sisterOfSelected(k: Knowledge): ViewTile | null {
  const selected = k.free.find((t) => t.id === k.view.selected);
  const family = selected === undefined ? undefined : k.known.get(selected.id);
  if (selected === undefined || family === undefined) return null;
  const sister = k.free.find((t) => t.id !== selected.id && k.known.get(t.id) === family);
  return sister ?? null;
}
