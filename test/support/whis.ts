// WHIS test helpers: a scripted player that decides from its own view only, and the check that a
// seat's payloads never carry another hand, the pile's order, a drawn card of someone else or the Rng.
import { ELEMENTS, type Element, type WhisMove, type WhisView } from "../../shared/games/whis";
import type { RoomSnapshot } from "../../shared/protocol";

export const whisView = (snapshot: RoomSnapshot, seat: number): WhisView | undefined =>
  snapshot.views.find((v) => v.seat === seat)?.view as WhisView | undefined;

/** The element the hand holds most of (the element a Prism/Light/Darkness asks). */
export function favouriteElement(view: WhisView): Element {
  const counts = ELEMENTS.map((e) => (view.hand ?? []).filter((c) => "element" in c && c.element === e).length);
  return ELEMENTS[counts.indexOf(Math.max(...counts))] ?? "water";
}

/**
 * A scripted human: plays the first playable card (asking its favourite element), keeps a drawn
 * card every third decision, passes voluntarily now and then, and draws when nothing fits.
 */
export function scriptedWhisMove(view: WhisView, decision: number): WhisMove {
  const hand = view.hand ?? [];
  const index = (view.playable ?? []).findIndex(Boolean);
  if (view.phase === "drawn" && decision % 3 === 0) return { type: "keep" };
  if (view.attack === 0 && view.phase === "play" && index >= 0 && decision % 9 === 4) return { type: "pass" };
  const card = hand[index];
  if (card === undefined) return view.phase === "drawn" ? { type: "keep" } : { type: "draw" };
  const wild = card.kind === "light" || card.kind === "darkness" || (card.kind === "special" && card.element === "water");
  return wild ? { type: "play", card, ask: favouriteElement(view) } : { type: "play", card };
}

/** Keys of the engine state that must never reach a client. */
const FORBIDDEN_KEYS = ["hands", "pile", "rng", "drawn", "seed"] as const;

/** Every key name inside `value`, walking the JSON. */
function keysOf(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) keysOf(item, keys);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    keys.add(key);
    keysOf(inner, keys);
  }
}

/** Throws if a snapshot shows `seat` anything private of another seat; returns the number of views checked. */
export function checkWhisSnapshots(snapshots: readonly RoomSnapshot[], seat: number): number {
  let checked = 0;
  for (const snapshot of snapshots) {
    for (const { seat: viewSeat, view } of snapshot.views) {
      if (viewSeat !== seat) throw new Error(`seat ${seat} received the view of seat ${String(viewSeat)}`);
      const keys = new Set<string>();
      keysOf(view, keys);
      const leaked = FORBIDDEN_KEYS.filter((k) => keys.has(k));
      if (leaked.length > 0) throw new Error(`a view carries ${leaked.join(", ")}`);
      const v = view as WhisView;
      if (v.hand !== null && v.hand.length !== v.handCounts[seat]) throw new Error("the hand does not match its count");
      if (v.drawnCard !== null && v.turn !== seat) throw new Error("a drawn card shown out of turn");
      checked++;
    }
  }
  return checked;
}
