import type { Color, Shape } from "../../../../shared/games/qwirkle";
import type { Translate } from "../../lib/errors";

/**
 * A tile's name, for its picture's text alternative and the board's labels: "red circle",
 * "étoile bleue" (French colours agree with the feminine shapes: the dictionary selects on the keys).
 */
export function tileName(t: Translate, shape: Shape, color: Color): string {
  return t("games.qwirkle.tile", {
    values: { shape: t(`games.qwirkle.shapes.${shape}`), color: t(`games.qwirkle.colors.${color}`), shapeKey: shape, colorKey: color },
  });
}
