import type { Ack, BotSpeed, RoomSnapshot, SeatConfigKind } from "../../../shared/protocol";
import type { Seat } from "../../../shared/engine/types";
import { fetchCatalogue, type ClientError, type GameInfo } from "../lib/api";
import { ACK_TIMEOUT_MS, awaitAck, connectSocket, type AckResult, type TableeSocket } from "../lib/socket";
import { addSeatToken, loadCreatorToken, loadSeatTokens, saveNickname } from "../lib/storage";
import { LIMITS } from "../../../shared/protocol/limits";
import { logHasGap, mergeLog } from "../../../shared/protocol/logMerge";

export type ConnectionStatus = "connecting" | "online" | "reconnecting" | "offline";

/** What an action reports back to the component that triggered it. */
export type ActionResult = { readonly ok: true } | { readonly ok: false; readonly error: ClientError };

/** A toast: the id lets the same error shown twice restart its timer. */
export interface Notice {
  readonly id: number;
  readonly error: ClientError;
}

const NOTICE_MS = 6000;
const RECONNECT_AFTER_SERVER_CLOSE_MS = 1000;

/**
 * One room as this browser sees it: the socket, the latest snapshot, the connection state and
 * the actions. Game-agnostic: views stay `unknown` and are handed to the game's board component.
 */
export class RoomState {
  readonly roomId: string;
  snapshot: RoomSnapshot | null = $state(null); // the latest server push; null until the first watch answers
  snapshotReceivedAt = $state(0); // local time the latest snapshot arrived (server durations count from it)
  connection: ConnectionStatus = $state("connecting");
  notFound = $state(false); // the server said ROOM_NOT_FOUND
  notice: Notice | null = $state(null); // the error toast on screen
  game: GameInfo | null = $state(null); // catalogue entry of the room's game (min seats, bots)

  private readonly socket: TableeSocket;
  private watchedTokens: readonly string[] = []; // the seat tokens of our last answered room:watch, in order
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private noticeCounter = 0;
  private readonly onOnline = (): void => {
    if (this.connection === "offline") this.connection = "reconnecting";
    if (!this.socket.connected) this.socket.connect();
  };
  private readonly onOffline = (): void => {
    this.connection = "offline";
  };

  constructor(roomId: string) {
    this.roomId = roomId;
    this.socket = connectSocket();
    // 'connect' fires on the first connection and after every reconnection: the server forgets
    // which rooms a socket watched when it drops, so watching again is how we resubscribe.
    this.socket.on("connect", () => void this.watch());
    this.socket.on("disconnect", (reason) => {
      this.connection = navigator.onLine ? "reconnecting" : "offline";
      // A server shutting down (restart, deploy) closes sockets with "io server disconnect", after
      // which socket.io does not retry by itself; the next server will have us back.
      if (reason === "io server disconnect") setTimeout(() => this.socket.connect(), RECONNECT_AFTER_SERVER_CLOSE_MS);
    });
    this.socket.on("connect_error", () => {
      this.connection = navigator.onLine ? "reconnecting" : "offline";
    });
    this.socket.on("room:snapshot", (snapshot) => {
      if (snapshot.room.id !== this.roomId) return;
      // Pushes carry only the log entries we have not been sent; a gap means some were missed.
      const known = this.snapshot?.log ?? [];
      if (logHasGap(known, snapshot.log)) void this.watch();
      this.snapshot = { ...snapshot, log: mergeLog(known, snapshot.log) };
      this.snapshotReceivedAt = Date.now();
    });
    this.socket.on("server:error", (error) => this.showError(error));
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.onOffline);
  }

  get creatorToken(): string | null {
    return loadCreatorToken(this.roomId);
  }

  /** Subscribes this socket to the room with every seat token and the creator token we hold. */
  async watch(): Promise<void> {
    // The newest tokens win when a browser holds more seats than one socket may watch with.
    const tokens = loadSeatTokens(this.roomId).slice(-LIMITS.seatTokensPerSocket);
    const creatorToken = this.creatorToken;
    const result = await this.emit<{ snapshot: RoomSnapshot }>((ack) =>
      this.socket
        .timeout(ACK_TIMEOUT_MS)
        .emit("room:watch", { roomId: this.roomId, seatTokens: tokens, ...(creatorToken !== null && { creatorToken }) }, ack),
    );
    if (result.ok) {
      this.watchedTokens = tokens;
      this.snapshot = result.value.snapshot;
      this.snapshotReceivedAt = Date.now();
      this.connection = "online";
      void this.loadGame(result.value.snapshot.room.gameId);
    } else if (result.error.code === "ROOM_NOT_FOUND" || result.error.code === "BAD_REQUEST") {
      this.notFound = true;
      this.connection = "online";
    } else {
      this.showError(result.error);
    }
  }

  /** Takes a seat; called again on the same device for pass-and-play (every token is kept). */
  async claim(seat: Seat, nickname: string): Promise<ActionResult> {
    // The remembered nickname is this device's owner, not the friends added for pass-and-play.
    if (this.mySeats.length === 0) saveNickname(nickname.trim());
    const result = await this.emit<{ seat: Seat; seatToken: string }>((ack) =>
      this.socket.timeout(ACK_TIMEOUT_MS).emit("seat:claim", { roomId: this.roomId, seat, nickname }, ack),
    );
    if (!result.ok) return this.fail(result.error);
    addSeatToken(this.roomId, result.value.seatToken);
    await this.watch(); // the new token only counts once the socket watches with it
    return { ok: true };
  }

  async configure(seat: Seat, kind: SeatConfigKind, bot?: string): Promise<ActionResult> {
    const creatorToken = this.creatorToken;
    if (creatorToken === null) return this.fail({ code: "NOT_CREATOR", message: "no creator token" });
    return this.simple((ack) =>
      this.socket
        .timeout(ACK_TIMEOUT_MS)
        .emit("seat:configure", { roomId: this.roomId, creatorToken, seat, kind, ...(bot !== undefined && { bot }) }, ack),
    );
  }

  async start(): Promise<ActionResult> {
    const creatorToken = this.creatorToken;
    if (creatorToken === null) return this.fail({ code: "NOT_CREATOR", message: "no creator token" });
    return this.simple((ack) => this.socket.timeout(ACK_TIMEOUT_MS).emit("game:start", { roomId: this.roomId, creatorToken }, ack));
  }

  /** Sends a move for one of our seats; the new position arrives as a snapshot push. */
  async move(seat: Seat, move: unknown): Promise<ActionResult> {
    const seatToken = this.tokenOf(seat);
    if (seatToken === undefined) return this.fail({ code: "NOT_YOUR_SEAT", message: "no token for this seat" });
    const result = await this.emit<{ moveNumber: number }>((ack) =>
      this.socket.timeout(ACK_TIMEOUT_MS).emit("game:move", { roomId: this.roomId, seat, seatToken, move }, ack),
    );
    return result.ok ? { ok: true } : this.fail(result.error);
  }

  /** Computer speed: the creator token or a seat token; spectators of a computers-only room send none. */
  setBotSpeed(botSpeed: BotSpeed): Promise<ActionResult> {
    const token = this.creatorToken ?? this.anyToken();
    return this.simple((ack) =>
      this.socket.timeout(ACK_TIMEOUT_MS).emit("room:settings", { roomId: this.roomId, botSpeed, ...(token !== undefined && { token }) }, ack),
    );
  }

  /** Hints on or off (creator only). */
  setHints(hints: boolean): Promise<ActionResult> {
    const token = this.creatorToken;
    if (token === null) return Promise.resolve(this.fail({ code: "NOT_CREATOR", message: "no creator token" }));
    return this.simple((ack) => this.socket.timeout(ACK_TIMEOUT_MS).emit("room:settings", { roomId: this.roomId, token, hints }, ack));
  }

  /** Lets a computer play for an absent player; any of our seat tokens proves we sit at the table. */
  takeOver(seat: Seat, bot: string | undefined): Promise<ActionResult> {
    const seatToken = this.anyToken();
    if (seatToken === undefined) return Promise.resolve(this.fail({ code: "NOT_YOUR_SEAT", message: "not seated" }));
    return this.simple((ack) =>
      this.socket
        .timeout(ACK_TIMEOUT_MS)
        .emit("seat:takeover", { roomId: this.roomId, seatToken, seat, ...(bot !== undefined && { bot }) }, ack),
    );
  }

  pause(): Promise<ActionResult> {
    const creatorToken = this.creatorToken;
    if (creatorToken === null) return Promise.resolve(this.fail({ code: "NOT_CREATOR", message: "no creator token" }));
    return this.simple((ack) => this.socket.timeout(ACK_TIMEOUT_MS).emit("game:pause", { roomId: this.roomId, creatorToken }, ack));
  }

  /** Any seated player or the creator may resume a saved game. */
  resume(): Promise<ActionResult> {
    const token = this.anyToken() ?? this.creatorToken ?? undefined;
    if (token === undefined) return Promise.resolve(this.fail({ code: "NOT_YOUR_SEAT", message: "not seated" }));
    return this.simple((ack) => this.socket.timeout(ACK_TIMEOUT_MS).emit("game:resume", { roomId: this.roomId, token }, ack));
  }

  showError(error: ClientError): void {
    clearTimeout(this.noticeTimer);
    this.notice = { id: ++this.noticeCounter, error };
    this.noticeTimer = setTimeout(() => this.dismissNotice(), NOTICE_MS);
  }

  dismissNotice(): void {
    clearTimeout(this.noticeTimer);
    this.notice = null;
  }

  destroy(): void {
    clearTimeout(this.noticeTimer);
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  /** Seats we hold, whatever their numbering (see `addSeatToken`). */
  get mySeats(): Seat[] {
    return (this.snapshot?.you.seats ?? []).filter((seat): seat is Seat => seat !== null);
  }

  /** One token of ours that holds a seat now (for actions any seated player may take). */
  anyToken(): string | undefined {
    const seat = this.mySeats[0];
    return seat === undefined ? undefined : this.tokenOf(seat);
  }

  /** The token holding `seat` now: `you.seats[i]` is the seat of the i-th token we watched with. */
  tokenOf(seat: Seat): string | undefined {
    const index = this.snapshot?.you.seats.indexOf(seat) ?? -1;
    return index === -1 ? undefined : this.watchedTokens[index];
  }

  private async loadGame(gameId: string): Promise<void> {
    if (this.game?.id === gameId) return;
    const result = await fetchCatalogue();
    if (result.ok) this.game = result.value.games.find((g) => g.id === gameId) ?? null;
  }

  private fail(error: ClientError): ActionResult {
    this.showError(error);
    return { ok: false, error };
  }

  private emit<T>(send: (ack: (err: Error | null, res: Ack<T>) => void) => void): Promise<AckResult<T>> {
    return awaitAck(this.socket, send);
  }

  /** For actions whose ack carries nothing: the result, with the error already shown. */
  private async simple(send: (ack: (err: Error | null, res: Ack<object>) => void) => void): Promise<ActionResult> {
    const result = await this.emit<object>(send);
    return result.ok ? { ok: true } : this.fail(result.error);
  }
}
