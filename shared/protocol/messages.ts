import type { FriendInvitation, FriendsChange } from "./friends";
import type { ProfileSeatsChanged } from "./profile";
import type { Outcome, PublicMoveSummary, Seat } from "../engine/types";
import type { ChatMessage } from "./chat";
import type { WireError } from "./errors";
import type { BotSpeed, ClientPayload, PaceDays } from "./schemas";

export const ROOM_STATUSES = ["waiting", "playing", "paused", "finished"] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export const PUBLIC_SEAT_KINDS = ["open", "closed", "human", "computer"] as const;
export type PublicSeatKind = (typeof PUBLIC_SEAT_KINDS)[number];

/** A seat as everyone sees it. No token, no hash. */
export interface SeatPublic {
  readonly index: Seat;
  /**
   * This player's colour at the table, an index into the client's palette: given once (their seat
   * number when the first game started) and kept in every game "play again" starts, whatever seat
   * they take there. Boards draw the player with it, never with the seat number.
   */
  readonly colour: number;
  readonly kind: PublicSeatKind;
  readonly nickname: string | null;
  readonly bot: string | null; // the computer level, when kind is computer
  readonly connected: boolean; // some socket holding this seat's token is connected
  readonly standIn: string | null; // a computer level playing for this absent human, or null
  /** Turns in a row a computer played for this human because their time ran out (slow rooms). */
  readonly missedTurns: number;
  readonly disconnectedSince: string | null; // ISO time this human seat lost its last connection, if it did
  /** How long this human seat has been away, measured by the server when the snapshot was sent (no clock skew). */
  readonly awayMs: number | null;
}

/** Platform settings of a room. */
export interface RoomSettings {
  readonly botSpeed: BotSpeed;
  readonly hints: boolean;
  readonly takeoverAfterMs: number;
  readonly spectatorChat: boolean; // people without a seat may write in the chat
  readonly chatMutedSeats: readonly Seat[]; // seats the creator muted: they cannot write in the chat
  readonly paceDays: PaceDays | null; // null: live; otherwise the days each turn may take
}

/**
 * The games played at one table: "play again" opens the next game in a new room with the same
 * players, and every room of the series points to its neighbours.
 */
export interface RoomSeries {
  readonly number: number; // this game's number at the table: 1, 2, …
  /** The table's first room, whose id names the table (its chat); absent on that first room itself. */
  readonly tableId?: string;
  readonly previousRoomId: string | null;
  readonly nextRoomId: string | null; // set once the next game has started: clients follow it
  readonly rematchAsks: readonly Seat[]; // seats that asked to play again (after this game)
  /** Games won at this table before this one, by this room's seat (seat order rotates each game). */
  readonly winsBefore: readonly number[];
}

export interface RoomPublic {
  readonly id: string;
  readonly gameId: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly status: RoomStatus;
  readonly seats: readonly SeatPublic[];
  readonly moveNumber: number; // accepted moves so far
  /**
   * Bumped by every stored change of the room (moves, seats, settings). A client keeps the snapshot
   * with the highest version: the answer to a `room:watch` can arrive after a newer push.
   */
  readonly version: number;
  readonly createdAt: string; // ISO 8601
  readonly settings: RoomSettings;
  readonly series: RoomSeries;
}

export interface LogEntry {
  readonly moveNumber: number; // 1-based
  readonly seat: Seat;
  readonly summary: PublicMoveSummary;
  /** The computer level that played this move for the absent human of `seat` (a stand-in), if one did. */
  readonly standIn?: string;
}

/** Everything one socket may know about a room: the answer to `room:watch`, and what a push rebuilds (`applyPush`). */
export interface RoomSnapshot {
  readonly room: RoomPublic;
  /**
   * Names the content of `room` apart from `version` and `moveNumber` (a hash of it). A push whose
   * room part is what the socket was last sent carries only a `RoomStamp` and this revision.
   */
  readonly roomRevision: string;
  /**
   * `seats[i]` is the seat that `seatTokens[i]` of this socket's `room:watch` holds, or null when that
   * token holds no seat of this room. Seat indexes can change once, at the start: seats left open or
   * closed in the lobby are removed and the players keep their order.
   */
  readonly you: { readonly seats: readonly (Seat | null)[]; readonly creator: boolean };
  /** One view per seat this socket holds, or a single spectator view (seat null). Empty before the start. */
  readonly views: readonly { readonly seat: Seat | null; readonly view: unknown }[];
  readonly currentSeats: readonly Seat[];
  readonly outcome: Outcome | null;
  /**
   * Public move records: in the answer to `room:watch`, the last LIMITS.logTail of them; in pushed
   * snapshots, only those this socket has not been sent yet (merge them with `mergeLog`).
   */
  readonly log: readonly LogEntry[];
  /**
   * The game's running countdown, if any (a turn clock, a peek window). `remainingMs` is measured on
   * the server when the snapshot is sent: add it to the local time of arrival to show a countdown that
   * does not depend on the two clocks agreeing. Frozen (and null) while the game is paused.
   */
  readonly timer: { readonly key: string; readonly remainingMs: number; readonly durationMs: number } | null;
  /**
   * In a slow room (`settings.paceDays`), the time left for the current turn, measured like `timer`.
   * When it runs out a computer plays that turn for each current seat (see SeatPublic.missedTurns).
   */
  readonly deadline: { readonly remainingMs: number; readonly durationMs: number } | null;
  /** With the room's hints on: the suggested move for each held seat whose turn it is. */
  readonly hints: readonly { readonly seat: Seat; readonly move: unknown }[];
}

/** What a push carries of the room when the rest of it is unchanged: the parts every move changes. */
export interface RoomStamp {
  readonly id: string;
  readonly version: number;
  readonly moveNumber: number;
}

/**
 * A pushed change (`room:snapshot`). It is a RoomSnapshot, except for what this socket was already
 * sent: `room` is only a RoomStamp when its revision is the one the socket holds, `you` is left out
 * when it did not change, `log` has only the entries not sent yet (absent: none), `currentSeats` and
 * `outcome` are left out when unchanged since version `base`, and `timer`, `deadline` and `hints` are
 * left out when null or empty. `applyPush` rebuilds the whole snapshot, or says the push does not
 * follow on from what the client holds (watch again).
 */
export interface RoomPush extends Omit<RoomSnapshot, "room" | "you" | "views" | "currentSeats" | "outcome" | "log" | "timer" | "deadline" | "hints"> {
  readonly room: RoomPublic | RoomStamp;
  readonly you?: RoomSnapshot["you"];
  /**
   * The version this push builds on: present when some view is sent as changes (`ViewChanges`), or
   * `currentSeats` or `outcome` is left out as unchanged. Only a client holding that version may apply it.
   */
  readonly base?: number;
  readonly views: readonly (RoomSnapshot["views"][number] | ViewChanges)[];
  readonly currentSeats?: RoomSnapshot["currentSeats"];
  readonly outcome?: RoomSnapshot["outcome"];
  readonly log?: RoomSnapshot["log"];
  readonly timer?: RoomSnapshot["timer"];
  readonly deadline?: RoomSnapshot["deadline"];
  readonly hints?: RoomSnapshot["hints"];
}

/**
 * A seat's view as what changed since the view of that seat at version `RoomPush.base`: the top-level
 * fields whose value changed (or are new), whole, and the fields gone. The rest is the held view's.
 */
export interface ViewChanges {
  readonly seat: Seat | null;
  readonly changed: Readonly<Record<string, unknown>>;
  readonly removed?: readonly string[];
}

export type Ack<T> = ({ readonly ok: true } & T) | { readonly ok: false; readonly error: WireError };

export interface CreateRoomResponse {
  readonly roomId: string;
  readonly creatorToken: string;
  readonly path: string; // /r/<roomId>
}

/** The chat history a watch gets: `roomId` is the room watched (its table's messages, every game of it). */
/**
 * `GET /api/socket-admission`: whether this address may open a socket on this process now (what the
 * socket handshake would answer, nothing spent). `tooMany`: it holds as many sockets as it may;
 * `tooFast`: it opened as many as it may this minute.
 */
export interface SocketAdmission {
  readonly admission: "ok" | "tooMany" | "tooFast";
}

export interface ChatHistory {
  readonly roomId: string;
  readonly messages: readonly ChatMessage[];
}

/** socket.io event maps, shared by server and client as generics. */
export interface ClientToServerEvents {
  /** Answers the whole snapshot; the table's chat history follows (`chat:history`). */
  "room:watch": (payload: ClientPayload<"room:watch">, ack: (res: Ack<{ snapshot: RoomSnapshot }>) => void) => void;
  "seat:claim": (payload: ClientPayload<"seat:claim">, ack: (res: Ack<{ seat: Seat; seatToken: string }>) => void) => void;
  "seat:configure": (payload: ClientPayload<"seat:configure">, ack: (res: Ack<object>) => void) => void;
  "game:start": (payload: ClientPayload<"game:start">, ack: (res: Ack<object>) => void) => void;
  "room:settings": (payload: ClientPayload<"room:settings">, ack: (res: Ack<object>) => void) => void;
  "seat:takeover": (payload: ClientPayload<"seat:takeover">, ack: (res: Ack<object>) => void) => void;
  "game:pause": (payload: ClientPayload<"game:pause">, ack: (res: Ack<object>) => void) => void;
  "game:resume": (payload: ClientPayload<"game:resume">, ack: (res: Ack<object>) => void) => void;
  "game:move": (payload: ClientPayload<"game:move">, ack: (res: Ack<{ moveNumber: number }>) => void) => void;
  /** Acknowledged once the message is stored; every socket of the room then gets `chat:message`. */
  "chat:send": (payload: ClientPayload<"chat:send">, ack: (res: Ack<{ message: ChatMessage }>) => void) => void;
  /** `nextRoomId` is set when the next game started (now or before); null when only the ask was recorded. */
  "game:rematch": (payload: ClientPayload<"game:rematch">, ack: (res: Ack<{ nextRoomId: string | null }>) => void) => void;
}

export interface ServerToClientEvents {
  "room:snapshot": (push: RoomPush) => void;
  "server:error": (error: WireError) => void;
  /** A new chat message of the room this socket watches. */
  "chat:message": (message: ChatMessage) => void;
  /** After each `room:watch` answer: the last CHAT_HISTORY messages of the watched room's table, oldest first. */
  "chat:history": (history: ChatHistory) => void;
  /** To every socket of a signed-in profile (from its session cookie): its seats changed, fetch them again. */
  "profile:seats": (notice: ProfileSeatsChanged) => void;
  /** To every socket of a profile that was signed out everywhere or deleted. */
  "profile:signedOut": () => void;
  /** To every socket of a profile: its friend lists changed (a request to it, an answer, a removal). */
  "friends:changed": (change: FriendsChange) => void;
  /** To every socket of a profile: a friend invites it to a table (one tap on the notice seats it). */
  "friends:invited": (invitation: FriendInvitation) => void;
}
