import { formatMove, type Placement } from "../../../../shared/games/qwirkle";
import type { Translate } from "../../lib/errors";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * The seed's notation when every tile has a letter cell (the 12×26 board); on the open board,
 * cells past a–z have none, so those moves are written as (row, col) pairs instead.
 */
export function placementsText(placements: readonly Placement[]): string {
  try {
    return formatMove(placements);
  } catch {
    return placements.map((p) => `(${p.row},${p.col})${p.shape}${p.color}`).join(" ");
  }
}

/** A Qwirkle log record as history text: "ebC1 ecC2 (+7)", "exchanged 2 tiles", "passed". */
export function formatQwirkleSummary(summary: unknown, t: Translate): string | null {
  if (!isRecord(summary)) return null;
  if (summary["type"] === "place" && Array.isArray(summary["placements"])) {
    const points = typeof summary["points"] === "number" ? summary["points"] : 0;
    const qwirkles = typeof summary["qwirkles"] === "number" ? summary["qwirkles"] : 0;
    const endBonus = typeof summary["endBonus"] === "number" ? summary["endBonus"] : 0;
    const parts = [`${placementsText(summary["placements"] as Placement[])} (+${points})`];
    if (qwirkles > 0) parts.push(t("games.qwirkle.history.qwirkle"));
    if (endBonus > 0) parts.push(t("games.qwirkle.history.endBonus", { values: { n: endBonus } }));
    return parts.join(" ");
  }
  if (summary["type"] === "exchange") {
    const count = typeof summary["count"] === "number" ? summary["count"] : 0;
    return t("games.qwirkle.history.exchange", { values: { n: count } });
  }
  if (summary["type"] === "pass") return t("games.qwirkle.history.pass");
  return null;
}
