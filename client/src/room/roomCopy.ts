import type { RoomSnapshot } from "../../../shared/protocol";
import type { GameInfo } from "../lib/api";
import { LIMITS } from "../../../shared/protocol/limits";
import { loadRoomCopies, loadSeatTokens, saveRoomCopies } from "../lib/storage";

/**
 * The last rooms this device showed, kept so that opening one again draws its table at once, before
 * the socket has answered: a player back from a notification or another app sees the board in the
 * page's first frame instead of "Connecting to the table…" (issue 31). The room then behaves as after
 * a dropped connection: the live answer replaces the copy when it comes.
 *
 * A copy is what the server sent this device (its own seats' view, nothing more), with the seat
 * tokens it was watched with and the build that drew it. It is used only by the same build (another
 * build's snapshot may have another shape) for the same tokens (a seat taken or left since would
 * show the wrong hand).
 */
export interface RoomCopy {
  readonly roomId: string;
  readonly build: string;
  readonly tokens: readonly string[];
  /** Local time the snapshot arrived: the server's durations in it count from then. */
  readonly receivedAt: number;
  readonly snapshot: RoomSnapshot;
  /** The game's catalogue entry (its names, its computers' levels), so the copy's title and names read as the live room's. */
  readonly game: GameInfo | null;
}

/** Rooms kept: a few games at once on one device; older copies make way. */
export const ROOM_COPIES_KEPT = 4;

/** This page's build: the entry script's address, which changes with any chunk (their names are hashed into it). */
export function currentBuild(): string {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? "";
}

function readCopies(): RoomCopy[] {
  try {
    const parsed: unknown = JSON.parse(loadRoomCopies() ?? "[]");
    return Array.isArray(parsed) ? (parsed as RoomCopy[]) : [];
  } catch {
    return [];
  }
}

const sameTokens = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((token, i) => token === b[i]);

/** The copy of `roomId` this build may draw for a device watching with `tokens`, or null. */
export function loadRoomCopy(roomId: string, tokens: readonly string[], build = currentBuild()): RoomCopy | null {
  const copy = readCopies().find((c) => c.roomId === roomId);
  if (copy === undefined || copy.build !== build || !Array.isArray(copy.tokens) || !sameTokens(copy.tokens, tokens)) return null;
  return typeof copy.receivedAt === "number" && typeof copy.snapshot === "object" && copy.snapshot !== null ? copy : null;
}

/** The seat tokens a watch of `roomId` sends: the newest ones, when a browser holds more than one socket may watch with. */
export const tokensToWatch = (roomId: string): string[] => loadSeatTokens(roomId).slice(-LIMITS.seatTokensPerSocket);

/** The copy of `roomId` this page may draw now (this build, the tokens it would watch with), or null. */
export const roomCopyToDraw = (roomId: string): RoomCopy | null => loadRoomCopy(roomId, tokensToWatch(roomId));

/**
 * The most the copies may take of the site's storage (about 5 million characters in every browser):
 * the seat tokens and settings written after them must always find room, or a player would lose a
 * seat on the next reload for the sake of a faster first frame.
 */
export const ROOM_COPIES_MAX_CHARS = 1_000_000;

/**
 * Keeps `copy` as its room's, newest first, dropping the oldest beyond ROOM_COPIES_KEPT and as many
 * more as it takes to stay within ROOM_COPIES_MAX_CHARS (a copy larger than that is not kept at all).
 */
export function saveRoomCopy(copy: RoomCopy): void {
  const others = readCopies().filter((c) => c.roomId !== copy.roomId);
  const texts = [copy, ...others].slice(0, ROOM_COPIES_KEPT).map((c) => JSON.stringify(c));
  let chars = texts.reduce((sum, text) => sum + text.length + 1, 1);
  while (texts.length > 0 && chars > ROOM_COPIES_MAX_CHARS) chars -= (texts.pop()?.length ?? 0) + 1;
  saveRoomCopies(`[${texts.join(",")}]`);
}

/** Forgets `roomId`'s copy (the room is gone). */
export function forgetRoomCopy(roomId: string): void {
  const copies = readCopies();
  if (copies.some((c) => c.roomId === roomId)) saveRoomCopies(JSON.stringify(copies.filter((c) => c.roomId !== roomId)));
}

/** Forgets the copies of rooms watched with any of these tokens, room by room (a profile's, at its sign-out: the copies hold its seats' views). */
export function forgetRoomCopiesHolding(tokensByRoom: ReadonlyMap<string, ReadonlySet<string>>): void {
  const copies = readCopies();
  const kept = copies.filter((c) => !Array.isArray(c.tokens) || !c.tokens.some((t) => tokensByRoom.get(c.roomId)?.has(t)));
  if (kept.length < copies.length) saveRoomCopies(JSON.stringify(kept));
}

/** How long after a change its copy is written: one write for a burst of pushes (a computer's moves). */
const WRITE_AFTER_MS = 400;

/**
 * Writes a room's copy a little after its last change, and at once when the page is hidden (a phone
 * switching apps may not come back to run a timer).
 */
export class RoomCopyKeeper {
  private pending: RoomCopy | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onHide = (): void => {
    if (document.visibilityState === "hidden") this.flush();
  };

  constructor(private readonly build = currentBuild()) {
    document.addEventListener("visibilitychange", this.onHide);
  }

  keep(copy: Omit<RoomCopy, "build">): void {
    this.pending = { ...copy, build: this.build };
    this.timer ??= setTimeout(() => this.flush(), WRITE_AFTER_MS);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending !== null) saveRoomCopy(this.pending);
    this.pending = null;
  }

  /** Forgets what was waiting to be written (the room is gone). */
  discard(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = null;
  }

  stop(): void {
    this.flush();
    document.removeEventListener("visibilitychange", this.onHide);
  }
}
