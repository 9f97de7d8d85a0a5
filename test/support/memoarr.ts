// Memoarr! test helpers: a scripted player that decides from its view only, and the hidden-information
// check of everything a seat's socket received, against the true states rebuilt from the seed and moves.
import type { Card, MemoarrMove, MemoarrState, MemoarrView } from "../../shared/games/memoarr";
import { cardKey, CARD_CELLS, formatCell, parseCell } from "../../shared/games/memoarr";
import type { RoomSnapshot } from "../../shared/protocol";
import { SentViews } from "./sentViews";

export const memoarrView = (snapshot: RoomSnapshot, seat: number): MemoarrView | undefined =>
  snapshot.views.find((v) => v.seat === seat)?.view as MemoarrView | undefined;

/** A scripted human's play-phase move, from what its view offers: a power's follow-up or a reveal. */
export function scriptedMemoarrMove(view: MemoarrView, pick: number): MemoarrMove {
  const pending = view.pending;
  if (pending !== null && pending.kind !== "crab") {
    const cell = pending.choices[pick % pending.choices.length] ?? pending.choices[0] ?? "A1";
    if (pending.kind === "octopus") return { type: "swap", cell };
    if (pending.kind === "walrus") return { type: "forbid", cell };
    return pick % 2 === 0 ? { type: "skip" } : { type: "hide", cell };
  }
  const down = view.grid.filter((c) => c.state === "down").map((c) => c.cell);
  const open = down.filter((cell) => !(cell === view.forbidden && down.length > 1));
  return { type: "reveal", cell: open[pick % open.length] ?? "A1" };
}

/** State fields that must never reach a client (a view's cells do have a `state`, so that one is fine). */
const FORBIDDEN_KEYS = new Set(["won", "rewards", "rng", "unused", "peeked", "seed"]);

/** Every `{ animal, background }` object inside `value`, and every key name, walking the JSON. */
function walk(value: unknown, cards: Card[], keys: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, cards, keys);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const record = value as Record<string, unknown>;
  if (typeof record["animal"] === "string" && typeof record["background"] === "string") cards.push(record as unknown as Card);
  for (const [key, inner] of Object.entries(record)) {
    keys.add(key);
    walk(inner, cards, keys);
  }
}

/** The snapshots inside one received payload (a pushed snapshot, or an ack carrying one). */
function snapshotsIn(payload: unknown): RoomSnapshot[] {
  if (typeof payload !== "object" || payload === null) return [];
  const record = payload as Record<string, unknown>;
  if ("views" in record && "room" in record) return [payload as RoomSnapshot];
  return "snapshot" in record ? snapshotsIn(record["snapshot"]) : [];
}

/**
 * Checks every payload `seat`'s socket received against the true states (`states[n]` = after n
 * moves, `moves[n - 1]` the n-th move). In each snapshot's views: no face-down card's identity except this seat's own peek while
 * its window is open (so never another seat's peek), never the unused card, no reward deck, no
 * other seat's rubies before the end. In the log tail: only cards that had been face up for all.
 * Returns how many snapshots were checked.
 */
export function checkHiddenInformation(
  received: readonly unknown[],
  states: readonly MemoarrState[],
  moves: readonly { readonly move: unknown }[],
  seat: number,
): number {
  const shownBy = shownByMove(states, moves);
  let checked = 0;
  const sent = new SentViews(seat); // views may come as changes: checked as sent (walk) and rebuilt as the client does
  for (const payload of received) {
    for (const snapshot of snapshotsIn(payload)) {
      if (snapshot.room.status === "waiting") continue;
      const n = snapshot.room.moveNumber;
      const state = states[n];
      if (state === undefined) throw new Error(`no state for move ${n}`);
      const over = state.phase === "over";
      const where = `snapshot at move ${n} (round ${state.round}, ${state.phase})`;
      const keys = new Set<string>();
      const viewCards: Card[] = [];
      walk(snapshot.views, viewCards, keys);
      for (const key of keys) if (FORBIDDEN_KEYS.has(key)) throw new Error(`${where}: a view has the secret key "${key}"`);
      if (snapshot.views.some((v) => v.seat !== seat)) throw new Error(`${where}: another seat's view was sent`);
      const windowOpen = state.phase === "peek" && state.ready[seat] === false;
      const allowed = new Set<string>();
      for (const cell of CARD_CELLS) {
        const card = state.grid[cell];
        if (card && (state.faceUp[cell] || over)) allowed.add(cardKey(card));
      }
      if (windowOpen) for (const card of state.peeked[seat] ?? []) allowed.add(cardKey(card));
      if (over) allowed.add(cardKey(state.unused));
      for (const card of viewCards) {
        if (!allowed.has(cardKey(card))) {
          const cell = CARD_CELLS.find((c) => state.grid[c] && cardKey(state.grid[c] as Card) === cardKey(card));
          throw new Error(`${where}: the view names ${cardKey(card)}, face down at ${cell === undefined ? "(unused)" : formatCell(cell)}`);
        }
      }
      const view = sent.next(snapshot) as MemoarrView | undefined;
      if (view === undefined) throw new Error(`${where}: no view for seat ${seat} (or changes on a version not received)`);
      if (!windowOpen && view.myPeek !== null) throw new Error(`${where}: the peek outlived its window`);
      if (JSON.stringify(view.myRewards) !== JSON.stringify(state.won[seat])) throw new Error(`${where}: wrong own rubies`);
      if (!over) {
        if (view.rubies !== null) throw new Error(`${where}: rubies totals before the end`);
        if (snapshot.outcome?.scores.some((s) => s !== 0)) throw new Error(`${where}: the outcome shows rubies before the end`);
      }
      // The log is public: it may only name cards that were face up for everyone when played.
      const logCards: Card[] = [];
      walk(snapshot.log, logCards, new Set());
      const shown = shownBy[n] ?? new Set<string>();
      for (const card of logCards) if (!shown.has(cardKey(card))) throw new Error(`${where}: the log names ${cardKey(card)}, never shown`);
      if (!over && logCards.some((c) => cardKey(c) === cardKey(state.unused))) throw new Error(`${where}: the log names the unused card`);
      checked++;
    }
  }
  return checked;
}

/**
 * For each n, the cards that had been face up for everyone by move n: face up in some state, or
 * turned by a reveal (a reveal that ends the round is face down again in the very next state).
 */
function shownByMove(states: readonly MemoarrState[], moves: readonly { readonly move: unknown }[]): Set<string>[] {
  const out: Set<string>[] = [];
  let shown = new Set<string>();
  for (const [n, state] of states.entries()) {
    shown = new Set(shown);
    for (const cell of CARD_CELLS) {
      const card = state.grid[cell];
      if (card && state.faceUp[cell]) shown.add(cardKey(card));
    }
    const move = moves[n - 1]?.move as { type?: unknown; cell?: unknown } | undefined;
    const before = states[n - 1];
    if (before && move?.type === "reveal" && typeof move.cell === "string") {
      const card = before.grid[parseCell(move.cell) ?? -1];
      if (card) shown.add(cardKey(card));
    }
    out.push(shown);
  }
  return out;
}
