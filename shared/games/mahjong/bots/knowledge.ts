import type { BotInput, PublicMoveSummary } from "../../../engine/types";
import { LEVEL_RULES } from "../rules";
import { FAMILIES, type Family, type MahjongMove, type MahjongView, type ViewTile } from "../types";

/**
 * How long a computer player takes per selection, in the game's own time: its turn budget is the
 * level's turn time divided by this (10, 13 and 16 selections). The arena has no clock, so this is
 * how a bot's turn ends there; with the server's clock a bot may also simply run out of time.
 */
export const BOT_SECONDS_PER_SELECTION = 1.5;

/** Selections a bot allows itself in one turn on `level` before it ends the turn. */
export function selectionBudget(view: MahjongView): number {
  return Math.floor(LEVEL_RULES[view.options.level].turnMs / 1000 / BOT_SECONDS_PER_SELECTION);
}

/** What a bot knows, from its view and the public move log only. */
export interface Knowledge {
  readonly view: MahjongView;
  readonly known: ReadonlyMap<number, Family>; // faces of tiles on the board it has seen
  readonly free: readonly ViewTile[];
  readonly selectionsThisTurn: number; // its own, in the current turn
  readonly familyLeft: ReadonlyMap<Family, number>; // tiles of each family still on the board
}

/**
 * Faces in sight, plus the faces that selections revealed since the last shuffle (a face never
 * changes between shuffles): that is all a player could remember on the hard level once faces are
 * down. On that level the log names no face, so they come from the game's memory (`input.memory`,
 * memory.ts); on the others, from the log's selections. Family counts come from the removals in the
 * log: each family starts with 4 tiles.
 */
export function knowledgeOf(input: BotInput<MahjongView>): Knowledge {
  const { view, history } = input;
  const onBoard = new Map(view.tiles.map((t) => [t.id, t]));
  const known = new Map<number, Family>();
  for (const t of view.tiles) if (t.family !== null) known.set(t.id, t.family);
  // Faces turned back down on the hard level: the game's memory of the selections (memory.ts).
  for (const [id, family] of facesRemembered(input.memory)) if (onBoard.has(id) && !known.has(id)) known.set(id, family);
  let selections = 0;
  const removedPairs = new Map<Family, number>();
  let sinceShuffle = true;
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = asSummary(history[i]);
    if (entry === null) continue;
    if (entry.type === "shuffle") sinceShuffle = false;
    if (entry.type !== "select") continue;
    if (entry.seat === input.seat && entry.turnNumber === view.turnNumber) selections++;
    if (entry.family === null) continue;
    if (entry.result === "pair") removedPairs.set(entry.family, (removedPairs.get(entry.family) ?? 0) + 1);
    else if (sinceShuffle && onBoard.has(entry.tile) && !known.has(entry.tile)) known.set(entry.tile, entry.family);
  }
  const familyLeft = new Map<Family, number>();
  for (const f of view.families) familyLeft.set(f, 4 - 2 * (removedPairs.get(f) ?? 0));
  // A log cut short undercounts removals: never believe fewer tiles than are in sight.
  for (const f of known.values()) familyLeft.set(f, Math.max(familyLeft.get(f) ?? 0, [...known.values()].filter((g) => g === f).length));
  return { view, known, free: view.tiles.filter((t) => t.free), selectionsThisTurn: selections, familyLeft };
}

/** `BotInput.memory` as the game gives it (`MahjongBotMemory`), read defensively: a bot is handed `unknown`. */
function facesRemembered(memory: unknown): [number, Family][] {
  const faces = typeof memory === "object" && memory !== null ? (memory as { faces?: unknown }).faces : undefined;
  if (!Array.isArray(faces)) return [];
  return faces.flatMap((entry: unknown) => {
    if (!Array.isArray(entry)) return [];
    const family = FAMILIES.find((f) => f === entry[1]);
    return typeof entry[0] === "number" && family !== undefined ? [[entry[0], family] as [number, Family]] : [];
  });
}

type SelectSummary = { type: "select"; seat: number; turnNumber: number; tile: number; family: Family | null; result: string };
type Summary = SelectSummary | { type: "shuffle" } | { type: "other" };

/** Reads a log entry defensively: the log is typed for every game, so check the fields used. */
function asSummary(entry: PublicMoveSummary | undefined): Summary | null {
  if (entry === undefined) return null;
  if (entry.type === "shuffle") return { type: "shuffle" };
  if (entry.type !== "select") return { type: "other" };
  const fields = new Map<string, unknown>(Object.entries(entry));
  const [seat, turnNumber, tile, result] = [fields.get("seat"), fields.get("turnNumber"), fields.get("tile"), fields.get("result")];
  const family = FAMILIES.find((f) => f === fields.get("family"));
  if (typeof seat !== "number" || typeof turnNumber !== "number" || typeof tile !== "number") return null;
  if (typeof result !== "string") return null;
  return { type: "select", seat, turnNumber, tile, family: family ?? null, result };
}

/** Known free pairs: two free tiles with the same known face. */
export function knownPairs(k: Knowledge): [ViewTile, ViewTile][] {
  const pairs: [ViewTile, ViewTile][] = [];
  for (let a = 0; a < k.free.length; a++) {
    for (let b = a + 1; b < k.free.length; b++) {
      const ta = k.free[a];
      const tb = k.free[b];
      if (ta === undefined || tb === undefined) continue;
      const fa = k.known.get(ta.id);
      if (fa !== undefined && fa === k.known.get(tb.id)) pairs.push([ta, tb]);
    }
  }
  return pairs;
}

/** The tile of `pair` to select next: the other one when one is already selected. */
export function nextOf(k: Knowledge, pair: readonly [ViewTile, ViewTile] | null | undefined): ViewTile | null {
  if (pair === null || pair === undefined) return null;
  return k.view.selected === pair[0].id ? pair[1] : pair[0];
}

/**
 * The move shared by every bot around its choice of tile: shuffle when stuck, end the turn once the
 * budget is spent, else select `target`, else reveal an unknown free tile (hard level, faces down),
 * else end the turn.
 */
export function playTurn(k: Knowledge, target: ViewTile | null, random: () => number): MahjongMove {
  const { view } = k;
  if (view.stuck) return (view.shufflesLeft[view.turn] ?? 0) > 0 ? { type: "shuffle" } : { type: "endTurn" };
  if (k.selectionsThisTurn >= selectionBudget(view)) return { type: "endTurn" };
  if (target !== null) return { type: "select", tile: target.id };
  const unknown = k.free.filter((t) => !k.known.has(t.id) && t.id !== view.selected);
  const pick = unknown[Math.floor(random() * unknown.length)];
  return pick === undefined ? { type: "endTurn" } : { type: "select", tile: pick.id };
}
