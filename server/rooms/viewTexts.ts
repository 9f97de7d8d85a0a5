import type { ErasedGame } from "../../shared/engine/erase";

/**
 * A JSON object as its top-level members, each value serialised once, in the object's key order (the
 * order `JSON.stringify` writes them): `"key":value` for each, joined by commas (`joined`), is the
 * object's JSON between its braces. The `"key":` texts are shared by every view (`keyText`), so a
 * member costs its value's text only; the two are put together only for what is sent.
 */
interface Members {
  keys: readonly string[]; // the base's array when the same (`changesOf`)
  readonly values: readonly string[];
  /** The length of the members joined, so a push can tell which of a view and its changes is shorter without joining them. */
  readonly length: number;
}

/** `"key":` for each field name seen (views of all games have a few dozen names between them): made once. */
const keyTexts = new Map<string, string>();
const keyText = (key: string): string => {
  let text = keyTexts.get(key);
  if (text === undefined) keyTexts.set(key, (text = `${JSON.stringify(key)}:`));
  return text;
};

function membersOf(value: object): Members {
  const keys = Object.keys(value);
  // Sized once: kept until the room's next change, so no spare room from growing it (`push`).
  const values = new Array<string>(keys.length);
  let length = keys.length > 0 ? keys.length - 1 : 0; // the commas
  for (let i = 0; i < keys.length; i++) {
    const text = JSON.stringify((value as Record<string, unknown>)[keys[i]!]) as string | undefined;
    if (text === undefined) {
      // JSON leaves out undefined and functions (rare: the keys are copied only then).
      return membersOf(Object.fromEntries(Object.entries(value).filter(([, v]) => JSON.stringify(v) !== undefined)));
    }
    length += keyText(keys[i]!).length + text.length;
    values[i] = text;
  }
  return { keys, values, length };
}

/** The members as JSON, between the object's braces. */
function joined(members: Members): string {
  let text = "";
  for (let i = 0; i < members.keys.length; i++) text += `${i === 0 ? "" : ","}${keyText(members.keys[i]!)}${members.values[i]!}`;
  return text;
}

/** What changed from `base` to `next`: the members that are new or whose text differs, joined, and the keys gone. */
interface Changes {
  readonly changed: string;
  readonly removed: readonly string[];
  /** What the room keeps for its next change's deltas: `base` itself when nothing changed, else `next`. */
  readonly kept: Members;
}

const NOTHING_REMOVED: readonly string[] = [];

/**
 * `next`'s members become what the room keeps for its next change's deltas, and those of the change
 * before have been kept that long already (promoted to the old generation): a value whose text did
 * not change takes the older string's place, so the new copy dies young, and members that did not
 * change at all (most seats' own parts at most moves) are the older ones, kept on.
 */
function changesOf(base: Members, next: Members): Changes {
  let changed = "";
  const values = next.values as string[]; // made by `membersOf` for this change alone
  let sameKeys = base.keys.length === next.keys.length;
  for (let i = 0; i < next.keys.length; i++) {
    const key = next.keys[i]!;
    // Views keep their key order from one change to the next: the same index first.
    const at = base.keys[i] === key ? i : base.keys.indexOf(key);
    if (at !== i) sameKeys = false;
    if (at >= 0 && base.values[at] === values[i]) values[i] = base.values[at]!;
    else changed += `${changed === "" ? "" : ","}${keyText(key)}${values[i]!}`;
  }
  if (sameKeys) {
    if (changed === "") return { changed, removed: NOTHING_REMOVED, kept: base };
    next.keys = base.keys; // kept until the next change, as the values are: the older array, already promoted
    return { changed, removed: NOTHING_REMOVED, kept: next }; // the same keys in the same order: none gone
  }
  let removed = NOTHING_REMOVED;
  for (const key of base.keys) if (!next.keys.includes(key)) removed = removed === NOTHING_REMOVED ? [key] : [...removed, key];
  return { changed, removed, kept: next };
}

/** The characters of a whole entry around its seat and members: `{"seat":`, `,"view":{` and `}}`. */
const WHOLE_ENTRY_FRAME = '{"seat":'.length + ',"view":{'.length + "}}".length;

const join = (a: string, b: string): string => (a === "" ? b : b === "" ? a : `${a},${b}`);

/**
 * One seat's view (seat null: a spectator's), worked out when first asked for, for one change's
 * broadcast; of it only `own` is kept after (`keepForNextChange`).
 */
interface SeatView {
  value: unknown; // the whole view; for a game with `viewParts`, put together only when asked for
  own: Members; // its members (the seat's own part's, for a game with `viewParts`); the base's when unchanged
  readonly ownValue: object | null; // the own part, for a game with `viewParts`
  text: string | null; // the whole view's JSON
  whole: PushEntry | null; // its entry in a push, whole
  delta: PushEntry | null; // its entry in a push to a socket that holds the base's views: the shorter of changes and whole
}

/** Where a seat's view sits in the per-seat arrays: the spectator's first, then the seats'. */
const slotOf = (seat: number | null): number => (seat === null ? 0 : seat + 1);

/** A view's entry in a push (made once per seat per change, whatever the number of sockets): its JSON, and whether it is changes. */
export interface PushEntry {
  readonly text: string;
  readonly changes: boolean;
}

/**
 * The views of one change, per seat, and their JSON: the part every seat's view shares (games with
 * `viewParts`) serialised once per change, each seat's own part once per seat however many sockets
 * hold it. With `base`, the views of the change before (what the sockets that were sent it hold), a
 * push may carry a seat's view as only what changed since (`entry`).
 */
export class ViewTexts {
  /**
   * Each seat's members, kept after the broadcast for the next change's deltas (by `slotOf`). An
   * array sized once rather than a Map, and the base's members themselves where a seat's did not
   * change: what a room keeps is promoted, as it lives until the room's next move.
   */
  private readonly kept: (Members | undefined)[];
  /** This change's views, by `slotOf`, while its broadcast lasts (null after: they die young). */
  private views: (SeatView | undefined)[] | null;
  private sharedPart: { value: object | null; members: Members } | null = null;
  private sharedText: string | null = null; // the shared part's members, joined
  private sharedChanges: Changes | null = null;

  constructor(
    private readonly state: unknown,
    private readonly game: ErasedGame,
    private base: ViewTexts | null = null,
  ) {
    this.kept = new Array<Members | undefined>(game.maxSeats + 1);
    this.views = new Array<SeatView | undefined>(game.maxSeats + 1);
  }

  /**
   * Once the change's broadcast is over: forgets the change before (a room holds one change's views,
   * not a chain of them) and keeps of this one only what the next change's deltas are worked out
   * against, each view's members. The views themselves, their whole texts and their push entries go
   * at once, while they are still young: kept until the room's next move (seconds), every one of
   * them was promoted to the old generation, a third of what the server promoted per move.
   */
  keepForNextChange(): void {
    this.base = null;
    this.views = null;
    if (this.sharedPart !== null) this.sharedPart.value = null;
    this.sharedText = null;
    this.sharedChanges = null;
  }

  view(seat: number | null): unknown {
    this.ensureViewsHeld();
    const view = this.seatView(seat);
    if (view.ownValue === null) return view.value;
    return (view.value ??= { ...this.shared().value, ...view.ownValue });
  }

  /** `JSON.stringify(this.view(seat))`, with the part every seat's view shares serialised once per change. */
  text(seat: number | null): string {
    this.ensureViewsHeld();
    const view = this.seatView(seat);
    if (view.text === null) {
      const own = joined(view.own);
      view.text = `{${this.game.viewParts ? join((this.sharedText ??= joined(this.shared().members)), own) : own}}`;
    }
    return view.text;
  }

  /**
   * The seat's entry in a push: `{"seat":…,"view":…}`, or — with `againstBase`, for a socket that
   * holds the base's view of this seat — `{"seat":…,"changed":{…},"removed":[…]}` when that is
   * shorter. The changed members come from this seat's view only: a delta carries nothing the whole
   * view would not.
   */
  entry(seat: number | null, againstBase: boolean): PushEntry {
    this.ensureViewsHeld();
    const view = this.seatView(seat);
    if (againstBase && this.base !== null) {
      if (view.delta === null) {
        // Which is shorter is worked out from the lengths: the whole entry's text is made only if it is sent.
        const changes = this.deltaEntry(seat, view, this.base);
        view.delta = changes.length < this.wholeEntryLength(seat, view) ? { text: changes, changes: true } : this.wholeEntry(seat, view);
      }
      return view.delta;
    }
    return this.wholeEntry(seat, view);
  }

  private wholeEntry(seat: number | null, view: SeatView): PushEntry {
    return (view.whole ??= { text: `{"seat":${seat},"view":${this.text(seat)}}`, changes: false });
  }

  /** The length of `wholeEntry(seat, view).text`, without making it. */
  private wholeEntryLength(seat: number | null, view: SeatView): number {
    const shared = this.game.viewParts ? this.shared().members.length : 0;
    const members = shared > 0 && view.own.length > 0 ? shared + 1 + view.own.length : shared + view.own.length;
    return WHOLE_ENTRY_FRAME + String(seat).length + members; // `{"seat":` seat `,"view":{` members `}}`
  }

  private deltaEntry(seat: number | null, view: SeatView, base: ViewTexts): string {
    const own = changesOf(base.ownMembers(seat), view.own);
    if (own.kept !== view.own) this.kept[slotOf(seat)] = view.own = own.kept;
    let changed = own.changed;
    let removed = own.removed;
    if (this.game.viewParts) {
      if (this.sharedChanges === null) {
        const shared = this.shared();
        this.sharedChanges = changesOf(base.shared().members, shared.members);
        shared.members = this.sharedChanges.kept;
      }
      changed = join(this.sharedChanges.changed, changed);
      if (this.sharedChanges.removed.length > 0) removed = [...this.sharedChanges.removed, ...removed];
    }
    return `{"seat":${seat},"changed":{${changed}}${removed.length > 0 ? `,"removed":${JSON.stringify(removed)}` : ""}}`;
  }

  private seatView(seat: number | null): SeatView {
    const views = this.views!; // held: checked by the callers (`ensureViewsHeld`)
    const slot = slotOf(seat);
    let view = views[slot];
    if (view === undefined) {
      const value = this.ownValueOf(seat);
      // Nothing is kept for this seat yet: while the views are held, only this method and `deltaEntry` (after it) keep members.
      const own = membersOf(value);
      this.kept[slot] = own;
      view = this.game.viewParts
        ? { value: null, own, ownValue: value, text: null, whole: null, delta: null }
        : { value, own, ownValue: null, text: null, whole: null, delta: null };
      views[slot] = view;
    }
    return view;
  }

  /** A seat's members, for the next change's deltas: kept, or worked out from the state (a seat nobody here was sent). */
  private ownMembers(seat: number | null): Members {
    const slot = slotOf(seat);
    const kept = this.kept[slot];
    if (kept !== undefined) return kept;
    if (this.views !== null) return this.seatView(seat).own;
    return (this.kept[slot] = membersOf(this.ownValueOf(seat)));
  }

  /** The seat's own part (games with `viewParts`) or its whole view. */
  private ownValueOf(seat: number | null): object {
    const split = this.game.viewParts;
    return (split ? split.own(this.state, seat) : this.game.view(this.state, seat)) as object;
  }

  /** What every seat's view shows alike (games with `viewParts`): built and serialised once per change. */
  private shared(): { readonly value: object | null; members: Members } {
    if (this.sharedPart === null) {
      const value = this.game.viewParts!.shared(this.state);
      this.sharedPart = { value: this.views === null ? null : value, members: membersOf(value) };
    }
    return this.sharedPart;
  }

  /** Views and texts are not kept once the broadcast is over: asking for one then is a mistake of the caller's. */
  private ensureViewsHeld(): void {
    if (this.views === null) throw new Error("ViewTexts: this change's views were let go after its broadcast (keepForNextChange)");
  }
}
