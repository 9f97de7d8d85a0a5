import type { ErasedGame } from "../../shared/engine/erase";

/**
 * A JSON object as its top-level members, each serialised once: `"key":value`, in the object's key
 * order (the order `JSON.stringify` writes them), so `{${joined}}` is the object's JSON.
 */
interface Members {
  readonly keys: readonly string[];
  readonly texts: readonly string[];
  readonly joined: string;
}

function membersOf(value: object): Members {
  const keys: string[] = [];
  const texts: string[] = [];
  for (const key of Object.keys(value)) {
    const text = JSON.stringify((value as Record<string, unknown>)[key]) as string | undefined;
    if (text === undefined) continue; // JSON leaves out undefined and functions
    keys.push(key);
    texts.push(`${JSON.stringify(key)}:${text}`);
  }
  return { keys, texts, joined: texts.join(",") };
}

/** What changed from `base` to `next`: the members that are new or whose text differs, joined, and the keys gone. */
interface Changes {
  readonly changed: string;
  readonly removed: readonly string[];
}

const NOTHING_REMOVED: readonly string[] = [];

function changesOf(base: Members, next: Members): Changes {
  let changed = "";
  for (let i = 0; i < next.keys.length; i++) {
    const key = next.keys[i]!;
    // Views keep their key order from one change to the next: the same index first.
    const at = base.keys[i] === key ? i : base.keys.indexOf(key);
    if (at < 0 || base.texts[at] !== next.texts[i]) changed = changed === "" ? next.texts[i]! : `${changed},${next.texts[i]!}`;
  }
  let removed = NOTHING_REMOVED;
  for (const key of base.keys) if (!next.keys.includes(key)) removed = removed === NOTHING_REMOVED ? [key] : [...removed, key];
  return { changed, removed };
}

const join = (a: string, b: string): string => (a === "" ? b : b === "" ? a : `${a},${b}`);

/** One seat's view (seat null: a spectator's), worked out when first asked for. */
interface SeatView {
  value: unknown; // the whole view; for a game with `viewParts`, put together only when asked for
  readonly own: Members; // its members (the seat's own part's, for a game with `viewParts`)
  readonly ownValue: object | null; // the own part, for a game with `viewParts`
  entry: string | null; // its entry in a push to a socket that holds the base's views
}

/**
 * The views of one change, per seat, and their JSON: the part every seat's view shares (games with
 * `viewParts`) serialised once per change, each seat's own part once per seat however many sockets
 * hold it. With `base`, the views of the change before (what the sockets that were sent it hold), a
 * push may carry a seat's view as only what changed since (`entry`).
 */
export class ViewTexts {
  private readonly seats = new Map<number | null, SeatView>();
  private sharedPart: { readonly value: object; readonly members: Members } | null = null;
  private sharedChanges: Changes | null = null;

  constructor(
    private readonly state: unknown,
    private readonly game: ErasedGame,
    private base: ViewTexts | null = null,
  ) {}

  /** Whether pushes may carry views as changes against the views of the change before. */
  get hasBase(): boolean {
    return this.base !== null;
  }

  /** Forgets the change before (once a broadcast is over), so a room holds one change's views, not a chain of them. */
  dropBase(): void {
    this.base = null;
  }

  view(seat: number | null): unknown {
    const view = this.seatView(seat);
    if (view.ownValue === null) return view.value;
    return (view.value ??= { ...this.shared().value, ...view.ownValue });
  }

  /** `JSON.stringify(this.view(seat))`, with the part every seat's view shares serialised once per change. */
  text(seat: number | null): string {
    const own = this.seatView(seat).own;
    return `{${this.game.viewParts ? join(this.shared().members.joined, own.joined) : own.joined}}`;
  }

  /**
   * The seat's entry in a push: `{"seat":…,"view":…}`, or — with `againstBase`, for a socket that
   * holds the base's view of this seat — `{"seat":…,"changed":{…},"removed":[…]}` when that is
   * shorter. The changed members come from this seat's view only: a delta carries nothing the whole
   * view would not.
   */
  entry(seat: number | null, againstBase: boolean): { readonly text: string; readonly delta: boolean } {
    const whole = `{"seat":${seat},"view":${this.text(seat)}}`;
    if (!againstBase || this.base === null) return { text: whole, delta: false };
    const view = this.seatView(seat);
    view.entry ??= this.deltaEntry(seat, view, this.base);
    return view.entry.length < whole.length ? { text: view.entry, delta: true } : { text: whole, delta: false };
  }

  private deltaEntry(seat: number | null, view: SeatView, base: ViewTexts): string {
    const own = changesOf(base.seatView(seat).own, view.own);
    let changed = own.changed;
    let removed = own.removed;
    if (this.game.viewParts) {
      this.sharedChanges ??= changesOf(base.shared().members, this.shared().members);
      changed = join(this.sharedChanges.changed, changed);
      if (this.sharedChanges.removed.length > 0) removed = [...this.sharedChanges.removed, ...removed];
    }
    return `{"seat":${seat},"changed":{${changed}}${removed.length > 0 ? `,"removed":${JSON.stringify(removed)}` : ""}}`;
  }

  private seatView(seat: number | null): SeatView {
    let view = this.seats.get(seat);
    if (view === undefined) {
      const split = this.game.viewParts;
      if (split) {
        const ownValue = split.own(this.state, seat);
        view = { value: null, own: membersOf(ownValue), ownValue, entry: null };
      } else {
        const value = this.game.view(this.state, seat);
        view = { value, own: membersOf(value as object), ownValue: null, entry: null };
      }
      this.seats.set(seat, view);
    }
    return view;
  }

  /** What every seat's view shows alike (games with `viewParts`): built and serialised once per change. */
  private shared(): { readonly value: object; readonly members: Members } {
    if (this.sharedPart === null) {
      const value = this.game.viewParts!.shared(this.state);
      this.sharedPart = { value, members: membersOf(value) };
    }
    return this.sharedPart;
  }
}
