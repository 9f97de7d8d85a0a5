import { END_BONUS, inBounds, scorePlacement, type Placement, type QwirkleError, type QwirkleView } from "../../../../shared/games/qwirkle";
import type { boundsFor } from "../../../../shared/games/qwirkle";

/** The live verdict on the tentative move, shown before the player confirms. */
export type Preview =
  | { readonly kind: "empty" }
  | { readonly kind: "legal"; readonly points: number; readonly qwirkles: number; readonly endBonus: number }
  | { readonly kind: "illegal"; readonly error: QwirkleError };

/**
 * What the tentative move would score, as the engine will: its lines and Qwirkles, and the end
 * bonus when it lays the last tiles of the hand with the bag empty (the move then ends the game).
 */
export function previewOf(view: QwirkleView | null, handSize: number, placements: readonly Placement[], bounds: ReturnType<typeof boundsFor>): Preview {
  if (view === null || placements.length === 0) return { kind: "empty" };
  if (placements.some((p) => !inBounds(bounds, p.row, p.col))) return { kind: "illegal", error: "OUT_OF_BOARD" };
  const result = scorePlacement(view.board, placements);
  if (!result.ok) return { kind: "illegal", error: result.error };
  const endBonus = view.bagCount === 0 && placements.length === handSize ? END_BONUS : 0;
  return { kind: "legal", points: result.points + endBonus, qwirkles: result.lines.filter((l) => l.qwirkle).length, endBonus };
}
