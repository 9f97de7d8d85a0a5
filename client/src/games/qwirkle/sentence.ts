import type { Tile } from "../../../../shared/games/qwirkle";
import type { Translate } from "../../lib/errors";
import { sentence, type HistoryContext, type HistoryLine } from "../history";
import { tileName } from "./tileName";
import { isTile } from "./view";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

/** A Qwirkle log record as a sentence: "Alice placed 3 tiles [red circle, red square, red star] for 7 points". */
export function qwirkleSentence(summary: unknown, { seat, t, name }: HistoryContext): HistoryLine<Tile> | null {
  if (!isRecord(summary)) return null;
  const s = (key: string): string => `games.qwirkle.sentence.${key}`;
  const who = name(typeof summary["seat"] === "number" ? summary["seat"] : seat);
  switch (summary["type"]) {
    case "place": {
      const placements = Array.isArray(summary["placements"]) ? summary["placements"] : [];
      const tiles = placements.filter(isTile).map((p): Tile => ({ shape: p.shape, color: p.color }));
      const alt = tiles.map((tile) => tileName(t, tile.shape, tile.color)).join(", ");
      const values = { name: who, n: tiles.length, points: num(summary["points"]), qwirkles: num(summary["qwirkles"]), endBonus: num(summary["endBonus"]) };
      return sentence(t, s("place"), values, { tiles: { pictures: tiles, alt } });
    }
    case "exchange":
      return sentence(t, s("exchange"), { name: who, n: num(summary["count"]) });
    case "pass":
      return sentence(t, s("pass"), { name: who });
    default:
      return null;
  }
}
