import type { ErasedGame } from "../../shared/engine/erase";
import type { RoomPublic, RoomPush, RoomSnapshot } from "../../shared/protocol";
import { EncodedJson } from "./encodedJson";
import { isCreator, seatOfToken, type RoomRecord } from "./record";
import { botRandom } from "./botRandom";
import { publicDeadline } from "./pace";
import { publicTimer } from "./timers";
import { publicRoom, revisionOf, type Attendance } from "./publicRoom";
import { ViewTexts, type PushEntry } from "./viewTexts";

/** Who is looking: the token hashes a socket presented, in the order it sent them. */
export interface Viewer {
  readonly seatTokenHashes: readonly string[];
  readonly creatorTokenHash: string | null;
}

/** What a viewer held in the seats array it was last checked against (a watch is one viewer). */
interface Held {
  readonly seats: RoomRecord["seats"];
  readonly tokens: Viewer["seatTokenHashes"];
  readonly held: readonly (number | null)[]; // aligned with the viewer's tokens
  readonly own: readonly number[]; // the seats held, once each, in order
}
/**
 * Where a viewer's `Held` is kept: on the viewer itself, under a key of this module's own. A WeakMap
 * did the same, but its lookups, eight or more per push of every move, were a visible share of a
 * broadcast.
 */
const HELD = Symbol("held seats");
type WithHeld = Viewer & { [HELD]?: Held };

function heldBy(room: RoomRecord, viewer: Viewer): Held {
  const known = (viewer as WithHeld)[HELD];
  // Seats and tokens unchanged since: nothing to compare again (a viewer copied with `...` carries the
  // key along, but a copy made to add a token has tokens of its own).
  if (known?.seats === room.seats && known.tokens === viewer.seatTokenHashes) return known;
  const held = viewer.seatTokenHashes.map((hash) => seatOfToken(room, hash));
  const own = [...new Set(held.filter((s): s is number => s !== null))].sort((a, b) => a - b);
  const entry = { seats: room.seats, tokens: viewer.seatTokenHashes, held, own };
  (viewer as WithHeld)[HELD] = entry;
  return entry;
}

/** The seats a viewer holds, aligned with the tokens it presented (null where a token holds none). */
export function seatsOfViewer(room: RoomRecord, viewer: Viewer): readonly (number | null)[] {
  return heldBy(room, viewer).held;
}

type CommonParts = Pick<RoomSnapshot, "currentSeats" | "outcome" | "timer" | "deadline">;
type SettledParts = Pick<RoomSnapshot, "currentSeats" | "outcome">;
/** Each settled part as a JSON member (`"key":value`), to compare with the change before's. */
interface SettledTexts {
  readonly currentSeats: string;
  readonly outcome: string;
}
/** The members a push shares with the other pushes of its change (`SnapshotParts.commonText`). */
interface CommonText {
  readonly text: string;
  /** Some member was left out because the socket holds it from the base: the push names its base. */
  readonly omitted: boolean;
}

/** Per-change caches, so views and hints are computed once per seat however many sockets hold it. */
export class SnapshotParts {
  private readonly views: ViewTexts;
  private hints: Map<number, unknown> | null = null; // made when a hint is asked for (hints are off in most rooms)
  private stamp: string | null = null;
  private commonTexts: Map<number, CommonText> | null = null; // by `logAfter` and against base or not: every socket of a room in play holds the same log
  private shared: { readonly attendance: Attendance; readonly now: number; readonly revision: string; room: RoomPublic | null } | null = null;
  private common: { readonly now: number; readonly parts: CommonParts } | null = null;
  private settled: SettledParts | null = null;
  private settledJson: SettledTexts | null = null;
  /** The change broadcast before this one, while this one's broadcast lasts: its turn and outcome are what sockets against it hold. */
  private base: SnapshotParts | null;

  /**
   * `base`: the parts of the change broadcast before this one in the same room, if any. A socket that
   * holds its views gets this change's views as what changed since (`buildPush`).
   */
  constructor(
    private readonly room: RoomRecord,
    private readonly game: ErasedGame,
    base: SnapshotParts | null = null,
  ) {
    const usable = base !== null && base.room.id === room.id && base.room.state !== null && room.state !== null;
    this.views = new ViewTexts(room.state, game, usable ? base.views : null);
    this.baseVersion = usable ? base.room.version : null;
    this.base = usable ? base : null;
  }

  /** The version whose views `base` held (a socket sent that version gets deltas), or null. */
  readonly baseVersion: number | null;

  /**
   * Once this change's broadcast is over: forgets the change before (a room keeps one change's views,
   * not a chain) and what the next change's pushes will not ask of this one (the views but for their
   * members, the texts of its pushes, hints), so that it dies young instead of living until the
   * room's next move (`ViewTexts.keepForNextChange`).
   */
  keepForNextChange(): void {
    this.views.keepForNextChange();
    this.base = null;
    this.hints = null;
    this.commonTexts = null;
    this.shared = null;
    this.common = null;
    this.stamp = null;
    // The next change compares its turn and outcome with these as texts (`settledTexts`): the values may go.
    if (this.settledJson !== null) this.settled = null;
  }

  /**
   * The revision of the public part of the room, the same for every socket of one broadcast. The
   * part itself is built only if some socket needs it whole (`publicRoom`): during play every socket
   * usually holds it already and gets a stamp.
   */
  revision(attendance: Attendance, now: number): string {
    if (this.shared?.attendance !== attendance || this.shared.now !== now) {
      this.shared = { attendance, now, revision: revisionOf(this.room, attendance, now), room: null };
    }
    return this.shared.revision;
  }

  /** The public part of the room, the same for every socket of one broadcast. */
  publicRoom(attendance: Attendance, now: number): { readonly room: RoomPublic; readonly revision: string } {
    const revision = this.revision(attendance, now);
    const shared = this.shared!;
    shared.room ??= publicRoom(this.room, attendance, now);
    return { room: shared.room, revision };
  }

  /** What every socket of one broadcast gets alike besides the room part. */
  commonParts(now: number): CommonParts {
    if (this.common?.now !== now) {
      this.common = {
        now,
        parts: {
          ...this.settledParts(),
          timer: publicTimer(this.room.timer, now),
          deadline: publicDeadline(this.room.deadline ?? null, now),
        },
      };
    }
    return this.common.parts;
  }

  /** Whose turn it is and the outcome: what does not depend on the time of sending. */
  private settledParts(): SettledParts {
    if (this.settled === null) {
      const started = this.room.state !== null;
      this.settled = { currentSeats: started ? this.game.currentSeats(this.room.state) : [], outcome: started ? this.game.outcome(this.room.state) : null };
    }
    return this.settled;
  }

  private settledTexts(): SettledTexts {
    if (this.settledJson === null) {
      const { currentSeats, outcome } = this.settledParts();
      this.settledJson = { currentSeats: `"currentSeats":${JSON.stringify(currentSeats)}`, outcome: `"outcome":${JSON.stringify(outcome)}` };
    }
    return this.settledJson;
  }

  view(seat: number | null): unknown {
    return this.views.view(seat);
  }

  /** The seat's view entry in a push: whole, or with `againstBase` what changed since the base's (see `ViewTexts.entry`). */
  viewEntry(seat: number | null, againstBase: boolean): PushEntry {
    return this.views.entry(seat, againstBase);
  }

  /** The JSON of the stamp that stands for an unchanged room part. */
  stampText(): string {
    return (this.stamp ??= JSON.stringify({ id: this.room.id, version: this.room.version, moveNumber: this.room.moveNumber }));
  }

  /**
   * The JSON members every push of this change carries alike after its views: turn, outcome, the log
   * entries after move `logAfter`, clocks. The same for every socket that holds the same log and the
   * same base. Left out: an empty log, a clock that is not running (null), and — for a socket that
   * holds the change before (`againstBase`) — a turn or an outcome that did not change since
   * (`omitted` says so: the push must then name its base, see `applyPush`).
   */
  commonText(logAfter: number, now: number, againstBase: boolean): CommonText {
    const key = logAfter * 2 + (againstBase && this.base !== null ? 1 : 0);
    this.commonTexts ??= new Map();
    let common = this.commonTexts.get(key);
    if (common === undefined) {
      const { timer, deadline } = this.commonParts(now);
      const settled = this.settledTexts();
      const before = key % 2 === 1 ? this.base!.settledTexts() : null;
      const members: string[] = [];
      if (settled.currentSeats !== before?.currentSeats) members.push(settled.currentSeats);
      if (settled.outcome !== before?.outcome) members.push(settled.outcome);
      const log = logAfter > 0 ? logAfterMove(this.room.log, logAfter) : this.room.log;
      if (log.length > 0) members.push(`"log":${JSON.stringify(log)}`);
      if (timer !== null) members.push(`"timer":${JSON.stringify(timer)}`);
      if (deadline !== null) members.push(`"deadline":${JSON.stringify(deadline)}`);
      common = { text: members.join(","), omitted: before !== null && (settled.currentSeats === before.currentSeats || settled.outcome === before.outcome) };
      this.commonTexts.set(key, common);
    }
    return common;
  }

  /** The hint bot's choice for `seat`, from that seat's view only. */
  hint(seat: number): unknown {
    this.hints ??= new Map();
    if (!this.hints.has(seat)) {
      const bot = this.game.bots.find((b) => b.id === this.game.hintBot);
      const history = this.room.log.map((entry) => entry.summary);
      const memory = this.game.botMemory?.(this.room.state, seat);
      const input = { view: this.view(seat), seat, history, random: botRandom(this.room, seat), ...(memory === undefined ? {} : { memory }) };
      this.hints.set(seat, bot?.decide(input) ?? null);
    }
    return this.hints.get(seat);
  }
}

/** The entries of `log` (in move order) after move `moveNumber`: looked for from the end, where a push's one or two are. */
function logAfterMove(log: RoomRecord["log"], moveNumber: number): RoomRecord["log"] {
  let first = log.length;
  while (first > 0 && log[first - 1]!.moveNumber > moveNumber) first--;
  return first === 0 ? log : log.slice(first);
}

/** What a socket gets of the game after a change: the same in a whole snapshot and in a push. */
type GameParts = Omit<RoomSnapshot, "room" | "roomRevision" | "you">;

/**
 * The seats whose views a socket gets (its own, in order, or null, a spectator's view; none before the
 * start) and those it gets a hint for.
 */
function shownSeats(room: RoomRecord, parts: SnapshotParts, viewer: Viewer, now: number): { readonly views: readonly (number | null)[]; readonly hinted: readonly number[] } {
  const own = heldBy(room, viewer).own;
  const views = room.state === null ? NO_SEATS : own.length > 0 ? own : SPECTATOR;
  if (!room.settings.hints || room.status !== "playing") return { views, hinted: NO_SEATS };
  const currentSeats = parts.commonParts(now).currentSeats;
  return { views, hinted: own.filter((seat) => currentSeats.includes(seat)) };
}

const NO_SEATS: readonly number[] = [];
const SPECTATOR: readonly null[] = [null];

const hintsOf = (parts: SnapshotParts, seats: readonly number[]): GameParts["hints"] => seats.map((seat) => ({ seat, move: parts.hint(seat) })).filter((h) => h.move !== null);

function gameParts(room: RoomRecord, parts: SnapshotParts, viewer: Viewer, now: number): GameParts {
  const shown = shownSeats(room, parts, viewer, now);
  const views = shown.views.map((seat) => ({ seat, view: parts.view(seat) }));
  const { currentSeats, outcome, timer, deadline } = parts.commonParts(now);
  return { views, currentSeats, outcome, log: room.log, timer, deadline, hints: hintsOf(parts, shown.hinted) };
}

/**
 * Everything one socket may see. Game data goes out only through `game.view(state, seat)`, called
 * for the seats this viewer holds, or once as a spectator; the state itself never leaves.
 */
export function buildSnapshot(
  room: RoomRecord,
  game: ErasedGame,
  viewer: Viewer,
  attendance: Attendance,
  parts: SnapshotParts = new SnapshotParts(room, game),
  now: number = Date.now(),
): RoomSnapshot {
  const held = seatsOfViewer(room, viewer);
  const shared = parts.publicRoom(attendance, now);
  return { room: shared.room, roomRevision: shared.revision, you: { seats: held, creator: isCreator(room, viewer.creatorTokenHash) }, ...gameParts(room, parts, viewer, now) };
}

/** What a socket was last sent of the room it watches: the next push leaves out what it already holds. */
export interface SentToSocket {
  readonly roomId: string;
  readonly version: number;
  readonly roomRevision: string;
  readonly you: RoomSnapshot["you"];
  /** The newest move whose log entry the socket has been sent. */
  readonly logUpTo: number;
}

export function sentOf(snapshot: RoomSnapshot): SentToSocket {
  return { roomId: snapshot.room.id, version: snapshot.room.version, roomRevision: snapshot.roomRevision, you: snapshot.you, logUpTo: snapshot.room.moveNumber };
}

/**
 * The push for one socket after a change: the snapshot, minus the room part when its revision is the
 * one the socket holds (a stamp instead), minus `you` when unchanged, with only the log entries not
 * sent yet (none: no `log`), no clock that is not running, no empty hints, and — when `parts` has the
 * views of the version the socket holds (`baseVersion`) — each view as only its top-level members
 * that changed since, where that is shorter, and no turn or outcome that did not change since
 * (`base` names that version). With nothing sent yet (`sent` null, or another room) it is the whole
 * snapshot.
 *
 * It runs for every socket at every move, so it is put together as JSON text from the parts every
 * push of the change shares (the views' shared part, turn, outcome, log, clocks: serialised once by
 * `parts`) and the few that are this socket's own; socket.io writes that text as is (`EncodedJson`).
 */
export function buildPush(
  room: RoomRecord,
  game: ErasedGame,
  viewer: Viewer,
  attendance: Attendance,
  parts: SnapshotParts,
  now: number,
  sent: SentToSocket | null,
): { readonly push: EncodedJson<RoomPush>; readonly sent: SentToSocket } {
  const base = sent?.roomId === room.id ? sent : null;
  const held = seatsOfViewer(room, viewer);
  const creator = isCreator(room, viewer.creatorTokenHash);
  const sameYou = base !== null && sameSeats(base.you.seats, held) && base.you.creator === creator;
  const you = sameYou ? base.you : { seats: held, creator };
  const roomRevision = parts.revision(attendance, now);
  const roomText = base?.roomRevision === roomRevision ? parts.stampText() : JSON.stringify(parts.publicRoom(attendance, now).room);
  const { views: viewSeats, hinted } = shownSeats(room, parts, viewer, now);
  // The socket holds the views of the base's version for the same seats: each view may go as what changed.
  const againstBase = sameYou && parts.baseVersion !== null && base.version === parts.baseVersion;
  const baseVersion = parts.baseVersion ?? 0;
  let views = "";
  let deltas = false;
  for (const seat of viewSeats) {
    const entry = parts.viewEntry(seat, againstBase);
    deltas ||= entry.changes;
    views += views === "" ? entry.text : `,${entry.text}`;
  }
  const common = parts.commonText(base?.logUpTo ?? 0, now, againstBase);
  const hints = hinted.length === 0 ? "" : `,"hints":${JSON.stringify(hintsOf(parts, hinted))}`; // none: left out
  const text =
    `{"room":${roomText},"roomRevision":${JSON.stringify(roomRevision)}${sameYou ? "" : `,"you":${JSON.stringify(you)}`}${deltas || common.omitted ? `,"base":${baseVersion}` : ""}` +
    `,"views":[${views}]${common.text === "" ? "" : `,${common.text}`}${hints}}`;
  return { push: new EncodedJson(text), sent: { roomId: room.id, version: room.version, roomRevision, you, logUpTo: room.moveNumber } };
}

const sameSeats = (a: readonly (number | null)[], b: readonly (number | null)[]): boolean => a.length === b.length && a.every((seat, i) => seat === b[i]);
