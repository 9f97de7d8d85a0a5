// Mahjong++ test helpers: a scripted player that decides from its view only, and the hidden-face
// check of everything a seat's socket received, against the true states rebuilt from the seed and moves.
import { FAMILIES, mahjong, type MahjongMove, type MahjongState, type MahjongView } from "../../shared/games/mahjong";
import type { RoomPush, RoomSnapshot } from "../../shared/protocol";

export const mahjongView = (snapshot: RoomSnapshot, seat: number): MahjongView | undefined =>
  snapshot.views.find((v) => v.seat === seat)?.view as MahjongView | undefined;

/**
 * A quick scripted human: finishes a pair it has started, else picks a free pair whose faces it can
 * see (at most `maxPairs` per turn), shuffles when the board is stuck, and otherwise ends its turn
 * at once (so a game does not wait for the turn clock).
 */
export function scriptedMahjongMove(view: MahjongView, maxPairs: number): MahjongMove {
  if (view.stuck) return { type: "shuffle" };
  const free = view.tiles.filter((t) => t.free && t.family !== null);
  const selected = view.tiles.find((t) => t.id === view.selected);
  const match = selected === undefined ? undefined : free.find((t) => t.id !== selected.id && t.family === selected.family);
  if (match !== undefined) return { type: "select", tile: match.id };
  if (view.pairsThisTurn < maxPairs) {
    for (const [i, a] of free.entries()) {
      if (free.slice(i + 1).some((b) => b.family === a.family)) return { type: "select", tile: a.id };
    }
  }
  return { type: "endTurn" };
}

/** The snapshots inside one received payload (a pushed snapshot, or an ack carrying one). */
function snapshotsIn(payload: unknown): RoomSnapshot[] {
  if (typeof payload !== "object" || payload === null) return [];
  const record = payload as Record<string, unknown>;
  if ("views" in record && "room" in record) return [payload as RoomSnapshot];
  return "snapshot" in record ? snapshotsIn(record["snapshot"]) : [];
}

const FAMILY_WORD = new RegExp(`"(${FAMILIES.join("|")})"`, "u");

/** A selection summary that names a face. */
interface NamedSelection {
  readonly type: "select";
  readonly tile: number;
  readonly family: string | null;
  readonly result: string;
}
const isSelection = (summary: { readonly type: string }): summary is NamedSelection => summary.type === "select";

/**
 * Checks every payload `seat`'s socket received against the true states (`states[n]` = after n
 * moves). Views: exactly the engine's view of that state for this seat, so a face is sent only when
 * the engine's rule shows it then (on the hard level, once faces are down: only the selected tile).
 * Log records and `lastMove`: a named face is the true face of that tile when the move was played,
 * and it was shown to everyone at that moment (the selected tile, or the pair being removed).
 * Nowhere else may a family appear. Returns [snapshots checked, snapshots with hidden faces].
 */
export function checkHiddenFaces(received: readonly unknown[], states: readonly MahjongState[], seat: number): [number, number] {
  let checked = 0;
  let withHidden = 0;
  const checkSelection = (summary: { readonly type: string }, moveNumber: number, where: string): void => {
    if (!isSelection(summary) || summary.family === null) return;
    const before = states[moveNumber - 1];
    const after = states[moveNumber];
    if (before === undefined || after === undefined) throw new Error(`${where}: no state around move ${moveNumber}`);
    if (before.board[summary.tile] !== summary.family) throw new Error(`${where}: move ${moveNumber} names a face its tile did not have`);
    const shown = summary.result === "pair" || after.selected === summary.tile;
    if (!shown) throw new Error(`${where}: move ${moveNumber} names the face of a tile that was not shown`);
  };
  for (const payload of received) {
    for (const snapshot of snapshotsIn(payload)) {
      if (snapshot.room.status === "waiting") continue;
      const n = snapshot.room.moveNumber;
      const state = states[n];
      if (state === undefined) throw new Error(`no state for move ${n}`);
      const where = `snapshot at move ${n}`;
      if (snapshot.views.some((v) => v.seat !== seat)) throw new Error(`${where}: another seat's view was sent`);
      for (const entry of snapshot.views as RoomPush["views"]) {
        const expected = mahjong.view(state, seat);
        // A view sent as changes (`RoomPush.base`): each field sent is the engine's field of the true state.
        const view = "view" in entry ? entry.view : { ...expected, ...entry.changed };
        if ("changed" in entry) {
          for (const [key, value] of Object.entries(entry.changed)) {
            if (JSON.stringify(value) !== JSON.stringify((expected as unknown as Record<string, unknown>)[key])) throw new Error(`${where}: a changed field is not the engine's view of the true state`);
          }
        } else if (JSON.stringify(view) !== JSON.stringify(expected)) throw new Error(`${where}: the view is not the engine's view of the true state`);
        const mv = view as MahjongView;
        let hidden = 0;
        for (const tile of mv.tiles) {
          const faceDown = state.facesHidden && state.selected !== tile.id;
          if (faceDown && tile.family !== null) throw new Error(`${where}: tile ${tile.id} is face down but its face was sent`);
          if (faceDown) hidden++;
          else if (tile.family !== state.board[tile.id]) throw new Error(`${where}: tile ${tile.id} shows a wrong face`);
        }
        if (hidden > 0) withHidden++;
        if (mv.lastMove !== null) checkSelection(mv.lastMove, n, `${where} (lastMove)`);
        if (/"rng"|"board"/u.test(JSON.stringify(entry))) throw new Error(`${where}: a view has a secret key`);
      }
      for (const entry of snapshot.log ?? []) checkSelection(entry.summary, entry.moveNumber, `${where} (log)`);
      // Outside the views and the log, no face at all (room, seats, hints, outcome, timer).
      const rest = JSON.stringify({ ...snapshot, views: [], log: [] });
      if (FAMILY_WORD.test(rest)) throw new Error(`${where}: a face outside the views and the log`);
      checked++;
    }
  }
  return [checked, withHidden];
}
