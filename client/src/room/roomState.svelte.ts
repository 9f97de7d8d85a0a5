import type { Ack, BotSpeed, ChatMessage, ChatPhrase, RoomSnapshot, SeatConfigKind } from "../../../shared/protocol";
import type { Seat } from "../../../shared/engine/types";
import { fetchCatalogue, type ClientError, type GameInfo } from "../lib/api";
import { ACK_TIMEOUT_MS, awaitAck, connectSocket, type AckResult, type TableeSocket } from "../lib/socket";
import { creatorTokenKey, loadCreatorToken, loadSeatTokens } from "../lib/storage";
import { claimInFlight, claimWithToken } from "./claimToken";
import { carryTableTokens } from "../profile/profileTokens";
import { removeSeatTokens, saveNickname, saveRoomGame, seatTokensKey, TOKENS_CHANGED } from "../lib/storage";
import { router } from "../lib/router.svelte";
import { paths } from "../lib/routes";
import { adoptHandoff, tokensHoldingSeats } from "./handoff/handoffLink";
import { resendDevicePush } from "../push/devicePush";
import { isOlderSnapshot } from "../../../shared/protocol/logMerge";
import { applyPush } from "../../../shared/protocol/roomPush";
import { MoveSender } from "./moveSender";
import { shareUnchanged } from "../lib/shareUnchanged";
import { CHAT_KEPT, mergeChat } from "./chat/mergeChat";
import { forgetRoomCopy, RoomCopyKeeper, roomCopyToDraw, tokensToWatch } from "./roomCopy";
import { WatchRetry } from "./watchRetry";
import { ConnectionState, type ConnectionStatus } from "./connection.svelte";

/** What an action reports back to the component that triggered it. */
export type ActionResult = { readonly ok: true } | { readonly ok: false; readonly error: ClientError };

/** A toast: the id lets the same error shown twice restart its timer. */
export interface Notice {
  readonly id: number;
  readonly error: ClientError;
}

const NOTICE_MS = 6000;

/**
 * One room as this browser sees it: the socket, the latest snapshot, the connection state and
 * the actions. Game-agnostic: views stay `unknown` and are handed to the game's board component.
 */
export class RoomState {
  readonly roomId: string;
  // The latest server push; null until the first watch answers. Raw (not deeply reactive): a push
  // replaces it whole and applyPush shares what did not change, so a derived that reads a part the
  // push kept stops there; a deep proxy made every read of a board's cells go through one (most of
  // a room's first render, issue 31). Nothing may change it in place.
  snapshot: RoomSnapshot | null = $state.raw(null);
  snapshotReceivedAt = $state(0); // local time the latest snapshot arrived (server durations count from it)
  private readonly link: ConnectionState;
  /** What the page says of its connection (ConnectionBanner). */
  get connection(): ConnectionStatus {
    return this.link.status;
  }
  notFound = $state(false); // the server said ROOM_NOT_FOUND
  notice: Notice | null = $state(null); // the error toast on screen
  game: GameInfo | null = $state.raw(null); // catalogue entry of the room's game (min seats, bots)
  chat: ChatMessage[] = $state([]); // the room's chat, oldest first
  /** Called for each chat message pushed live (not for the history a watch answers). */
  onChatMessage: ((message: ChatMessage) => void) | null = null;
  /** Called when a watch answer brought the chat's history (merged into `chat`). */
  onChatHistory: (() => void) | null = null;
  private following = false;
  private live = false; // whether `snapshot` came from this page's socket, not the device's copy (roomCopy.ts)
  private liveWaiters: (() => void)[] = []; // moves made on the copy
  private readonly copies = new RoomCopyKeeper();
  private readonly watchRetry = new WatchRetry(() => void this.watch(), () => this.socket.connected);

  private readonly socket: TableeSocket;
  /** Moves go out with an id; one left unanswered by a lost connection is resent after reconnecting. */
  private readonly moves: MoveSender<{ roomId: string; seat: Seat; seatToken: string; move: unknown }>;
  private watchedTokens: readonly string[] = $state([]); // the seat tokens of our last answered room:watch, in order
  /** This device's creator token for the room (state, so a handoff link shows it at once). */
  creatorToken: string | null = $state(null);
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;
  private noticeCounter = 0;
  /** Another tab took a seat or the creator token here, or this tab's profile sync brought one (another device's): watch with it too. */
  private readonly onTokens = (event: Event): void => {
    if (event instanceof StorageEvent && event.key !== seatTokensKey(this.roomId) && event.key !== creatorTokenKey(this.roomId)) return;
    const creatorToken = loadCreatorToken(this.roomId);
    const brought = creatorToken !== this.creatorToken || tokensToWatch(this.roomId).some((token) => !this.watchedTokens.includes(token));
    this.creatorToken = creatorToken;
    if (brought && this.socket.connected) void this.watch();
  };
  private readonly windowListeners: readonly (readonly [string, (event: Event) => void])[] = [["storage", this.onTokens], [TOKENS_CHANGED, this.onTokens]];

  constructor(roomId: string) {
    this.roomId = roomId;
    // A "continue on another device" link: this device holds those seats too (and is told of their turns).
    if (adoptHandoff(roomId)) void resendDevicePush();
    this.creatorToken = loadCreatorToken(roomId);
    // The table as this device last saw it, drawn at once; the socket's answer replaces it.
    const copy = roomCopyToDraw(roomId);
    if (copy !== null) ({ snapshot: this.snapshot, tokens: this.watchedTokens, receivedAt: this.snapshotReceivedAt, game: this.game } = copy);
    this.socket = connectSocket();
    this.link = new ConnectionState(this.socket);
    this.moves = new MoveSender(
      (payload) => this.emit<{ moveNumber: number }>((ack) => this.socket.timeout(ACK_TIMEOUT_MS).emit("game:move", payload, ack)),
      (result) => (result.ok ? undefined : this.showError(result.error)),
    );
    // 'connect' fires on the first connection and after every reconnection: the server forgets
    // which rooms a socket watched when it drops, so watching again is how we resubscribe.
    this.socket.on("connect", () => void this.watch());
    this.socket.on("room:snapshot", (push) => {
      if (push.room.id !== this.roomId) return;
      // A push leaves out what this socket was already sent; what we hold fills it in. If it does not
      // follow on from that (missed pushes), watching again brings the whole snapshot.
      const outcome = applyPush(this.liveSnapshot, push);
      if (outcome.kind === "stale") return;
      if (outcome.kind === "gap" || outcome.logGap) void this.watch();
      if (outcome.kind === "gap") return;
      this.followNextGame(this.liveSnapshot, outcome.snapshot);
      this.snapshot = outcome.snapshot;
      this.snapshotReceivedAt = Date.now();
      this.goLive();
    });
    this.socket.on("chat:message", (message) => {
      if (this.chat.some((m) => m.id === message.id)) return;
      this.chat = [...this.chat, message].slice(-CHAT_KEPT);
      this.onChatMessage?.(message);
    });
    this.socket.on("chat:history", (history) => {
      if (history.roomId !== this.roomId) return;
      this.chat = mergeChat(this.chat, history.messages);
      this.onChatHistory?.();
    });
    this.socket.on("server:error", (error) => this.showError(error));
    for (const [name, listener] of this.windowListeners) window.addEventListener(name, listener);
    this.link.attach();
  }

  /**
   * The seat tokens that hold a seat of this room now, for a "continue on another device" link:
   * read from state, so the link follows a seat taken or freed at once.
   */
  get heldSeatTokens(): string[] {
    return tokensHoldingSeats(this.watchedTokens, this.snapshot?.you.seats ?? []);
  }

  /** Subscribes this socket to the room with every seat token and the creator token we hold. */
  async watch(): Promise<void> {
    const tokens = tokensToWatch(this.roomId);
    const creatorToken = this.creatorToken;
    const knownVersion = this.snapshot?.room.version;
    const result = await this.emit<{ snapshot: RoomSnapshot }>((ack) =>
      this.socket
        .timeout(ACK_TIMEOUT_MS)
        .emit("room:watch", { roomId: this.roomId, seatTokens: tokens, knownVersion, ...(creatorToken !== null && { creatorToken }) }, ack),
    );
    if (result.ok && isOlderSnapshot(this.liveSnapshot, result.value.snapshot)) {
      // A change was pushed while this answer was on its way: ask again rather than step back.
      this.watchRetry.olderAnswer();
    } else if (result.ok) {
      this.watchedTokens = tokens;
      this.followNextGame(this.liveSnapshot, result.value.snapshot); // the next game opened while we were away
      // The room whole (a watch pushes this socket nothing), sharing what did not change: only that is drawn again.
      this.snapshot = shareUnchanged(this.snapshot, result.value.snapshot);
      // Tokens that hold no seat here take the place of ones that might (only the newest few are
      // sent): forget them and watch again with the rest.
      const unused = tokens.filter((token, i) => result.value.snapshot.you.seats[i] === null && !claimInFlight(token));
      if (unused.length > 0) {
        removeSeatTokens(this.roomId, unused);
        if (loadSeatTokens(this.roomId).length > tokens.length - unused.length) void this.watch();
      }
      this.snapshotReceivedAt = Date.now();
      this.link.status = "online";
      this.watchRetry.succeeded();
      this.goLive();
      void this.loadGame(result.value.snapshot.room.gameId);
      void this.moves.resend(); // a move sent just before the connection dropped: its answer was lost
    } else if (result.error.code === "ROOM_NOT_FOUND" || result.error.code === "BAD_REQUEST") {
      this.copies.discard();
      forgetRoomCopy(this.roomId);
      this.snapshot = null;
      this.notFound = true;
      this.link.status = "online";
    } else if (this.socket.connected) {
      this.link.status = "reconnecting"; // not watching: no push would come
      if (this.watchRetry.failed()) this.showError(result.error);
    }
  }

  /** Takes a seat; called again on the same device for pass-and-play (every token is kept). */
  async claim(seat: Seat, nickname: string): Promise<ActionResult> {
    // The remembered nickname is this device's owner, not the friends added for pass-and-play.
    if (this.mySeats.length === 0) saveNickname(nickname.trim());
    const result = await claimWithToken(this.roomId, (seatToken) =>
      this.emit<{ seat: Seat; seatToken: string }>((ack) => this.socket.timeout(ACK_TIMEOUT_MS).emit("seat:claim", { roomId: this.roomId, seat, nickname, seatToken }, ack)),
    );
    if (!result.ok) return this.fail(result.error);
    void resendDevicePush(); // with "Notify me on this device" on, the server learns the new seat too
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
    // A move made on the device's copy waits for the live room, and is dropped if the table moved on
    // meanwhile (a computer played for us, a late turn): the position it was chosen on is gone.
    const seen = this.snapshot?.room.moveNumber;
    if (!this.live) await new Promise<void>((resolve) => this.liveWaiters.push(resolve));
    if (this.snapshot?.room.moveNumber !== seen) return this.fail({ code: "TABLE_CHANGED", message: "the table moved on while its copy was shown" });
    const seatToken = this.tokenOf(seat);
    if (seatToken === undefined) return this.fail({ code: "NOT_YOUR_SEAT", message: "no token for this seat" });
    const result = await this.moves.move({ roomId: this.roomId, seat, seatToken, move }, seen);
    if (result.ok) return { ok: true };
    const kept = result.error.code === "TIMEOUT" && this.moves.waiting; // no answer: it goes again after the reconnection
    return this.fail(kept ? { code: "RESENDING", message: result.error.message } : result.error);
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

  /** Chat settings for the whole room (creator only): seats muted for everyone, spectators allowed to write. */
  setChatSettings(changes: { chatMutedSeats?: Seat[]; spectatorChat?: boolean }): Promise<ActionResult> {
    const token = this.creatorToken;
    if (token === null) return Promise.resolve(this.fail({ code: "NOT_CREATOR", message: "no creator token" }));
    return this.simple((ack) => this.socket.timeout(ACK_TIMEOUT_MS).emit("room:settings", { roomId: this.roomId, token, ...changes }, ack));
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

  /**
   * A chat message, as the seat this device plays (`seat` when it holds several), or — for a
   * spectator or a creator without a seat — under `nickname`.
   */
  async sendChat(content: { text: string } | { phrase: ChatPhrase }, options: { seat?: Seat; nickname?: string; clientId?: string } = {}): Promise<ActionResult> {
    const result = await this.emit<{ message: ChatMessage }>((ack) =>
      this.socket.timeout(ACK_TIMEOUT_MS).emit("chat:send", { roomId: this.roomId, ...content, ...options }, ack),
    );
    if (!result.ok) return this.fail(result.error);
    const message = result.value.message;
    if (!this.chat.some((m) => m.id === message.id)) this.chat = [...this.chat, message].slice(-CHAT_KEPT);
    return { ok: true };
  }

  /** "Play again": starts the next game when we may, or tells the others we would like to. */
  async rematch(): Promise<ActionResult> {
    const token = this.creatorToken ?? this.anyToken();
    if (token === undefined) return this.fail({ code: "NOT_YOUR_SEAT", message: "not seated" });
    const result = await this.emit<{ nextRoomId: string | null }>((ack) =>
      this.socket.timeout(ACK_TIMEOUT_MS).emit("game:rematch", { roomId: this.roomId, token }, ack),
    );
    if (!result.ok) return this.fail(result.error);
    if (result.value.nextRoomId !== null) this.follow(result.value.nextRoomId);
    return { ok: true };
  }

  /** Goes to the next game at this table, taking this device's tokens along (they hold the same seats there). */
  follow(nextRoomId: string): void {
    if (this.following) return;
    this.following = true;
    carryTableTokens(this.roomId, nextRoomId);
    void resendDevicePush(); // the next game is a new room: its turns are notified too
    router.navigate(paths.room(nextRoomId));
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
    this.watchRetry.stop();
    this.copies.stop();
    for (const [name, listener] of this.windowListeners) window.removeEventListener(name, listener);
    this.link.detach();
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

  /** The snapshot this page's socket brought; null while the page shows the device's copy. */
  private get liveSnapshot(): RoomSnapshot | null {
    return this.live ? this.snapshot : null;
  }

  private keepCopy(): void {
    const { roomId, watchedTokens: tokens, snapshotReceivedAt: receivedAt, snapshot, game } = this;
    if (snapshot !== null) this.copies.keep({ roomId, tokens, receivedAt, snapshot, game });
  }

  private goLive(): void {
    this.keepCopy();
    if (this.live) return;
    this.live = true;
    for (const resolve of this.liveWaiters.splice(0)) resolve();
  }

  /** Everyone watching when the next game opens follows it, spectators too; a later visit only shows a link. */
  private followNextGame(previous: RoomSnapshot | null, next: RoomSnapshot): void {
    const nextRoomId = next.room.series.nextRoomId;
    if (previous !== null && previous.room.series.nextRoomId === null && nextRoomId !== null) this.follow(nextRoomId);
  }

  private async loadGame(gameId: string): Promise<void> {
    saveRoomGame(this.roomId, gameId);
    if (this.game?.id === gameId) return;
    const result = await fetchCatalogue();
    if (!result.ok) return;
    this.game = result.value.games.find((g) => g.id === gameId) ?? null;
    this.keepCopy();
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
