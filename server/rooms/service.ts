import type { FastifyBaseLogger } from "fastify";
import type { ErasedGame } from "../../shared/engine/erase";
import type { PublicMoveSummary } from "../../shared/engine/types";
import { GAMES } from "../../shared/games/registry";
import { LIMITS, roomSettingsSchema, TableeError, type SeatConfigKind } from "../../shared/protocol";
import type { z } from "zod";
import { CLOCK_SEAT } from "../../shared/engine/replay";
import { scoreRowsOf } from "../scores/results";
import { botRequestOf } from "../bots/request";
import { inlineDecider, type BotDecider } from "../bots/threads";
import { noMetrics, type Metrics } from "../metrics/metrics";
import { isDatabaseUnavailable, OutageLog } from "../db/outage";
import { loggableError } from "../db/loggable";
import { Lanes } from "./lanes";
import { nextTimer, timerAfterRestart } from "./timers";
import { MISSED_TURNS_FOR_GOOD, nextDeadline } from "./pace";
import { botOfSeat, DEFAULT_SETTINGS, isCreator, seatOfToken, withLogEntry, type MoveIdRecord, type RoomRecord } from "./record";
import { DuplicateMoveIdError, StaleWriteError, type MoveRow, type RoomStore } from "./store";
import { UncertainWriteError } from "./readBack";
import type { Deadline } from "../db/deadline";
import * as transitions from "./transitions";
import { askRematch, requireFinished, startRematch, type Asker } from "./rematch";
import { hashToken, newRoomId, newSeed, newToken } from "./tokens";

export type RoomListener = (room: RoomRecord) => void;
/** A change committed by this process: the room after it, and before it (null for a room it opened). */
export type CommitListener = (room: RoomRecord, previous: RoomRecord | null) => void;

export { CLOCK_SEAT } from "../../shared/engine/replay";

/** How early a countdown may be honoured (timers fire a little early now and then). */
const TIMER_SLACK_MS = 25;

/** A change refused because another process wrote first is decided again on fresh data this often. */
const STALE_RETRIES = 3;

/** What a change to a room commits: the next record, the move it played, and a room it opened (the next game). */
interface Change<T> {
  readonly next: RoomRecord;
  readonly move?: MoveRow;
  readonly created?: RoomRecord;
  readonly result: T;
}

/** One change's write: the records it commits (with `created`, a room it opened) and what goes with them. */
interface Write {
  readonly next: RoomRecord;
  readonly previous: RoomRecord;
  readonly move: MoveRow | null;
  readonly scores: ReturnType<typeof scoreRowsOf> | null;
  readonly created: RoomRecord | null;
}

/** The move ids remembered with a room: those of its log tail. */
function rememberMoveId(room: RoomRecord, named: MoveIdRecord): MoveIdRecord[] {
  const oldest = named.moveNumber - LIMITS.logTail;
  return [...(room.moveIds ?? []).filter((m) => m.moveNumber > oldest), named];
}

/** A computer's decision, or why it has none. */
type Decision = { readonly ok: true; readonly move: unknown } | { readonly ok: false; readonly error: unknown };

/**
 * The authoritative room service. Every change runs in the room's lane: read the cached record,
 * compute the next one with a pure transition, commit it to the database, and only then replace
 * the cached record and tell the listeners (who broadcast). A failed commit changes nothing.
 */
export class RoomService {
  private readonly cache = new Map<string, RoomRecord>();
  private readonly lanes = new Lanes();
  /** Computer decisions under way, by room, move number, seat and bot (see `decision`). */
  private readonly thinking = new Map<string, Promise<Decision>>();
  private readonly listeners = new Set<CommitListener>();
  private accepting = true;
  /** Database outages, logged as a few lines (shared with the HTTP routes). */
  readonly outages: OutageLog;

  private readonly remoteListeners = new Set<RoomListener>();
  /** Rooms being read from the database now → the newest version announced meanwhile by another process. */
  private readonly loading = new Map<string, number>();
  /** Rooms whose last write was answered IN_DOUBT → the room as last announced (see `current`). */
  private readonly doubtful = new Map<string, RoomRecord>();

  constructor(
    private readonly store: RoomStore,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
    /** The games this server hosts (the registry; tests may add their own). */
    readonly games: readonly ErasedGame[] = GAMES,
    /**
     * Several processes share the rooms: a room loaded from the database keeps its countdown's
     * deadline (another process may be running that room right now), instead of restarting it with
     * the time left at its last change as a lone server coming back from an outage does.
     */
    private readonly shared = false,
    /** Where computer seats think (bot threads, or this thread). */
    private readonly decider: BotDecider = inlineDecider,
    private readonly metrics: Pick<Metrics, "observeMove" | "observeCommit"> = noMetrics,
  ) {
    this.outages = new OutageLog(log);
  }

  findGame(id: string): ErasedGame | undefined {
    return this.games.find((game) => game.id === id);
  }

  /** The game a room plays, or UNKNOWN_GAME (a room stored by a build that had a game this one lacks). */
  gameOf(room: RoomRecord): ErasedGame {
    const game = this.findGame(room.gameId);
    if (!game) throw new TableeError("UNKNOWN_GAME", `no game ${room.gameId}`);
    return game;
  }

  /**
   * Changes this process committed (bots, countdowns, broadcasts and pushes follow them); never those
   * of other processes (`onRemoteChange`), so each change is acted on once in a cluster.
   */
  onChange(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes another process committed, once this process's copy has caught up (broadcasts only). */
  onRemoteChange(listener: RoomListener): () => void {
    this.remoteListeners.add(listener);
    return () => this.remoteListeners.delete(listener);
  }

  /**
   * Another process committed `room`. A cached copy one version behind takes it as is; a copy further
   * behind (a message overtaken by a later one) is dropped and reloaded from the database; rooms this
   * process does not hold are ignored. Older news than the cache is ignored too.
   */
  receiveRemote(room: RoomRecord): void {
    const cached = this.cache.get(room.id);
    const loading = this.loading.get(room.id);
    if (loading !== undefined) this.loading.set(room.id, Math.max(loading, room.version));
    if (!cached || room.version <= cached.version) return;
    if (room.version === cached.version + 1) {
      this.remember(room);
      for (const listener of this.remoteListeners) listener(room);
      return;
    }
    this.cache.delete(room.id);
    void this.get(room.id)
      .then((fresh) => {
        for (const listener of this.remoteListeners) listener(fresh);
      })
      .catch((error: unknown) => this.outages.failedInBackground(error, { roomId: room.id }, "could not reload a room changed elsewhere"));
  }

  /**
   * Messages between processes may have been lost (Redis was away): every room held here whose stored
   * version moved on is read again and pushed to this process's sockets. Returns how many were.
   */
  async resync(): Promise<number> {
    const held = [...this.cache.values()];
    if (held.length === 0) return 0;
    const stored = await this.guardDatabase(() => this.store.versions(held.map((room) => room.id)));
    let refreshed = 0;
    for (const room of held) {
      const version = stored.get(room.id);
      if (version === undefined || version <= room.version) continue;
      try {
        const fresh = await this.lanes.run(room.id, () => {
          if ((this.cache.get(room.id)?.version ?? -1) < version) this.cache.delete(room.id);
          return this.current(room.id);
        });
        for (const listener of this.remoteListeners) listener(fresh);
        refreshed++;
      } catch (error) {
        this.outages.failedInBackground(error, { roomId: room.id }, "could not re-read a room after an outage");
      }
    }
    return refreshed;
  }

  async create(
    gameId: string,
    rawOptions: unknown,
    settings: z.output<typeof roomSettingsSchema> = { takeoverAfterSeconds: 60, hints: false, spectatorChat: true, paceDays: null },
  ): Promise<{ roomId: string; creatorToken: string }> {
    const game = this.findGame(gameId);
    if (!game) throw new TableeError("UNKNOWN_GAME", `no game ${gameId}`);
    const options = game.optionsSchema.safeParse(rawOptions);
    if (!options.success) throw new TableeError("BAD_OPTIONS", options.error.issues[0]?.message ?? "bad options");
    if (settings.paceDays !== null && !game.slowPace) {
      throw new TableeError("BAD_OPTIONS", `${game.names.en} cannot be played over days: its own turn clock is the game`);
    }
    const creatorToken = newToken();
    const roomSettings = {
      ...DEFAULT_SETTINGS,
      hints: settings.hints,
      spectatorChat: settings.spectatorChat,
      takeoverAfterMs: settings.takeoverAfterSeconds * 1000,
      paceDays: settings.paceDays,
    };
    const room = transitions.newRoom(newRoomId(), game, options.data as Record<string, unknown>, roomSettings, hashToken(creatorToken), this.clock());
    await this.guardDatabase(() => this.store.insert(room), room.id);
    this.remember(room);
    this.log.info({ roomId: room.id, gameId }, "room created");
    return { roomId: room.id, creatorToken };
  }

  /** A started room of computers only, with the game's demo options (the seeds' computer-vs-computer demo). */
  async createDemo(gameId: string): Promise<{ roomId: string; creatorToken: string }> {
    const game = this.findGame(gameId);
    if (!game?.demo) throw new TableeError("UNKNOWN_GAME", `${gameId} has no demo`);
    const demo = game.demo;
    const created = await this.create(gameId, demo.options);
    await this.mutate(created.roomId, (room) => {
      let next = room;
      for (const [seat, bot] of demo.bots.entries()) next = transitions.configureSeat(next, game, seat, "computer", bot, this.clock());
      for (let seat = demo.bots.length; seat < next.seats.length; seat++) next = transitions.configureSeat(next, game, seat, "closed", undefined, this.clock());
      next = transitions.startGame(next, game, newSeed(), this.clock());
      return { next: { ...next, version: room.version + 1 }, result: undefined };
    });
    return created;
  }

  /** The current record (loaded from the database on first use), or ROOM_NOT_FOUND. */
  get(roomId: string): Promise<RoomRecord> {
    return this.lanes.run(roomId, () => this.current(roomId));
  }

  claimSeat(roomId: string, seat: number, nickname: string): Promise<{ seat: number; seatToken: string }> {
    const seatToken = newToken();
    return this.mutate(roomId, (room) => ({
      next: transitions.claimSeat(room, seat, nickname, hashToken(seatToken), this.clock()),
      result: { seat, seatToken },
    }));
  }

  configureSeat(roomId: string, creatorToken: string, seat: number, kind: SeatConfigKind, bot: string | undefined): Promise<void> {
    return this.mutate(roomId, (room) => {
      this.requireCreator(room, creatorToken);
      return { next: transitions.configureSeat(room, this.gameOf(room), seat, kind, bot, this.clock()), result: undefined };
    });
  }

  start(roomId: string, creatorToken: string): Promise<void> {
    return this.mutate(roomId, (room) => {
      this.requireCreator(room, creatorToken);
      return { next: transitions.startGame(room, this.gameOf(room), newSeed(), this.clock()), result: undefined };
    });
  }

  /**
   * Plays a human's move. With a `moveId` (chosen by the client), a resend of a move already committed
   * is answered as the first time (its move number) and changes nothing: a client whose answer was
   * lost (a server dying mid-move, a dropped connection) can resend safely.
   */
  move(roomId: string, seat: number, seatToken: string, move: unknown, moveId?: string): Promise<{ moveNumber: number }> {
    // Promise callbacks rather than async functions on this path: under load each move waits here for
    // its batch, and every suspended async frame (with its locals) outlives the young generation.
    const deadline = this.store.deadline(); // one for the move, its resend check included
    const played = this.mutate(roomId, (room) => {
      if (seatOfToken(room, hashToken(seatToken)) !== seat) throw new TableeError("NOT_YOUR_SEAT", "this token does not hold that seat");
      const earlier = moveId === undefined ? undefined : room.moveIds?.find((m) => m.moveId === moveId);
      if (earlier) return { next: room, result: this.sameMove(earlier, seat) };
      const accepted = transitions.playMove(room, this.gameOf(room), seat, move, this.clock());
      const row: MoveRow = { moveNumber: accepted.room.moveNumber, seat, move: accepted.move, summary: accepted.summary, moveId: moveId ?? null };
      const next = moveId === undefined ? accepted.room : { ...accepted.room, moveIds: rememberMoveId(room, { moveId, seat, moveNumber: row.moveNumber }) };
      return { next, move: row, result: { moveNumber: accepted.room.moveNumber } };
    }, deadline).catch((error: unknown) => (error instanceof DuplicateMoveIdError ? this.sameMoveStored(roomId, error.moveId, seat, deadline) : Promise.reject(error)));
    return this.metrics.observeMove(() => this.cache.get(roomId)?.gameId, played);
  }

  /** A resent move id older than the tail this process remembers: the database knows it. */
  private async sameMoveStored(roomId: string, moveId: string, seat: number, deadline: Deadline): Promise<{ moveNumber: number }> {
    const earlier = await this.guardDatabase(() => this.store.moveById(roomId, moveId, deadline), roomId);
    if (!earlier) throw new TableeError("UNAVAILABLE", "the service is temporarily unavailable; nothing was changed");
    return this.sameMove(earlier, seat);
  }

  /** The answer to a resent move id: the first answer, if it was this seat's move. */
  private sameMove(earlier: { seat: number; moveNumber: number }, seat: number): { moveNumber: number } {
    if (earlier.seat !== seat) throw new TableeError("BAD_REQUEST", "this move id was used for another seat");
    return { moveNumber: earlier.moveNumber };
  }

  /**
   * Plays the computer's move for `seat` if it is still that computer's turn at `expectedMoveNumber`
   * (a timer may fire after a human reclaimed the seat or the room was paused). The bot sees only
   * its seat's view and the public log, never the state, and thinks outside the room's lane (on a
   * bot thread when there are some); the move is then played only if the room has not moved on
   * meanwhile. Returns whether a move was played.
   */
  async computerMove(roomId: string, seat: number, expectedMoveNumber: number): Promise<boolean> {
    // Bots get the whole public log, not just the tail that snapshots carry (they count cards).
    const history = await this.guardDatabase(() => this.store.moves(roomId), roomId);
    const due = (room: RoomRecord): { game: ErasedGame; botId: string } | null => {
      const game = this.gameOf(room);
      const botId = botOfSeat(room, seat);
      const stillDue =
        history.length === room.moveNumber && // the log moved on while we read it
        room.status === "playing" &&
        room.settings.botSpeed !== "paused" &&
        room.moveNumber === expectedMoveNumber &&
        game.currentSeats(room.state).includes(seat);
      return stillDue && botId !== null && game.bots.some((b) => b.id === botId) ? { game, botId } : null;
    };
    const before = await this.get(roomId);
    const bot = due(before);
    if (!bot) return false;
    const decided = await this.decision(before, bot, seat, history.map((e) => e.summary));
    if (!decided.ok && decided.error instanceof TableeError) throw decided.error; // shutting down
    return this.mutate(roomId, (room) => {
      // Still due, and to the same computer (a seat set to another level meanwhile gets its own turn).
      if (due(room)?.botId !== bot.botId) return { next: room, result: false };
      const game = this.gameOf(room);
      let move = decided.ok ? decided.move : undefined;
      if (!decided.ok || !game.apply(room.state, seat, move).ok) {
        // A bot bug (an illegal move, a decision that threw or ran too long) must not stall the
        // table: log it loudly and play the first legal move instead.
        const problem = decided.ok ? { move } : { err: decided.error };
        this.log.error({ roomId, seat, bot: bot.botId, ...problem }, decided.ok ? "computer player proposed an illegal move" : "computer player could not decide");
        move = game.legalMoves(room.state, seat)[0];
      }
      // A human's seat played by a stand-in (a take-over, or their slow turn's time ran out): the log says so.
      const standIn = room.seats[seat]?.kind === "human" ? bot.botId : undefined;
      const accepted = transitions.playMove(room, game, seat, move, this.clock(), standIn);
      const row: MoveRow = { moveNumber: accepted.room.moveNumber, seat, move: accepted.move, summary: accepted.summary, standIn: standIn ?? null };
      return { next: accepted.room, move: row, result: true };
    });
  }

  /**
   * The bot's decision for `room` as it is now. A decision depends only on the room, seat, move
   * number and bot (its random numbers start from them), so asks for the same turn while the bot is
   * still thinking (a speed change schedules the turn again) share it instead of each taking a thread.
   */
  private decision(room: RoomRecord, bot: { game: ErasedGame; botId: string }, seat: number, history: readonly PublicMoveSummary[]): Promise<Decision> {
    const key = `${room.id}:${room.moveNumber}:${seat}:${bot.botId}`;
    const pending = this.thinking.get(key);
    if (pending) return pending;
    const decided: Promise<Decision> = this.decider.decide(bot.game, botRequestOf(room, bot.game, bot.botId, seat, history)).then(
      (move) => ({ ok: true, move }),
      (error: unknown) => ({ ok: false, error }),
    );
    this.thinking.set(key, decided);
    void decided.then(() => this.thinking.delete(key));
    return decided;
  }

  /**
   * The countdown `key` has run out: the game decides what that means (the turn passes, the peek
   * ends). Recorded in the move log as a move of seat -1 (the clock), so replays can re-apply it.
   * Does nothing when the countdown is no longer the running one or not yet due.
   */
  timeout(roomId: string, key: string): Promise<boolean> {
    return this.mutate(roomId, (room) => {
      const game = this.gameOf(room);
      const timer = room.timer;
      // setTimeout may fire a millisecond or two before the deadline: allow a little slack.
      const due = timer !== null && timer.key === key && timer.deadline !== null && timer.deadline <= this.clock().getTime() + TIMER_SLACK_MS;
      if (!due || room.status !== "playing" || !game.onTimeout) return { next: room, result: false };
      const result = game.onTimeout(room.state, key);
      if (!result.ok) {
        this.log.error({ roomId, key, error: result.error }, "the game refused its own timeout");
        return { next: { ...room, timer: null, version: room.version + 1 }, result: false };
      }
      const moveNumber = room.moveNumber + 1;
      const log = withLogEntry(room.log, { moveNumber, seat: CLOCK_SEAT, summary: result.summary });
      const finished = game.outcome(result.state).finished;
      const next: RoomRecord = {
        ...room,
        state: result.state,
        moveNumber,
        log,
        status: finished ? "finished" : room.status,
        version: room.version + 1,
        updatedAt: this.clock(),
      };
      return { next, move: { moveNumber, seat: CLOCK_SEAT, move: { type: "timeout", key }, summary: result.summary }, result: true };
    });
  }

  /**
   * A slow room's turn ran out (settings.paceDays): a computer plays it for each human whose turn it
   * is (the bot driver follows the change), and the third such turn in a row keeps it there until the
   * human returns. Does nothing unless the room's deadline has really passed, so any process may call
   * it for any room, as often as it likes.
   */
  turnTimeRanOut(roomId: string): Promise<boolean> {
    return this.mutate(roomId, (room) => {
      const deadline = room.deadline;
      const due = deadline !== null && deadline !== undefined && deadline.moveNumber === room.moveNumber && deadline.deadline <= this.clock().getTime() + TIMER_SLACK_MS;
      if (!due || room.status !== "playing") return { next: room, result: false };
      const next = transitions.turnTimeRanOut(room, this.gameOf(room), MISSED_TURNS_FOR_GOOD, this.clock());
      if (next === room) return { next: room, result: false };
      this.log.info({ roomId, moveNumber: room.moveNumber }, "a slow turn ran out: a computer plays it");
      return { next, result: true };
    });
  }

  /**
   * Any seated player may hand an absent human's seat to a computer; `absentLongEnough` (from the
   * socket layer, which knows connections) is checked inside the room's lane.
   */
  takeOver(roomId: string, askerToken: string, seat: number, bot: string | undefined, absentLongEnough: (room: RoomRecord) => boolean): Promise<void> {
    return this.mutate(roomId, (room) => {
      const asker = seatOfToken(room, hashToken(askerToken));
      if (asker === null) throw new TableeError("NOT_YOUR_SEAT", "only a seated player may do this");
      if (asker === seat) throw new TableeError("BAD_REQUEST", "you cannot take over your own seat");
      // Being away is normal in a slow room: a computer steps in by itself once a turn's time is up.
      if (room.settings.paceDays !== null) throw new TableeError("TOO_EARLY", "in a slow room a computer plays a turn only once its time is up");
      if (!absentLongEnough(room)) throw new TableeError("TOO_EARLY", "that player has not been away long enough");
      return { next: transitions.takeOver(room, this.gameOf(room), seat, bot, this.clock()), result: undefined };
    });
  }

  /** A returning human takes their seats back from their stand-ins. */
  reclaim(roomId: string, seats: readonly number[]): Promise<void> {
    return this.mutate(roomId, (room) => ({ next: transitions.reclaimSeats(room, seats, this.clock()), result: undefined }));
  }

  /**
   * The computer speed may be changed by the creator, any seated human, or — in a room with no human
   * seat — anyone watching (the spectators' speed control). Hints and chat settings: creator only.
   */
  updateSettings(roomId: string, token: string | undefined, changes: transitions.SettingsChange): Promise<void> {
    return this.mutate(roomId, (room) => {
      const hash = token === undefined ? null : hashToken(token);
      const creator = isCreator(room, hash);
      const seated = hash !== null && seatOfToken(room, hash) !== null;
      const noHumans = room.seats.every((s) => s.kind !== "human");
      const creatorOnly = changes.hints !== undefined || changes.spectatorChat !== undefined || changes.chatMutedSeats !== undefined;
      if (creatorOnly && !creator) throw new TableeError("NOT_CREATOR", "only the room's creator may change this");
      if (changes.botSpeed !== undefined && !creator && !seated && !noHumans) throw new TableeError("NOT_YOUR_SEAT", "only players may change the speed");
      return { next: transitions.changeSettings(room, changes, this.clock()), result: undefined };
    });
  }

  /**
   * "Play again" after the game. Whoever may start it (`mayStart`, from the socket layer, which knows
   * who is connected) opens the next game; another seated player's ask is recorded for them to see.
   * Asks racing each other (even on two processes) open one next game: the finished room's version
   * guards it, and an ask that finds the next game already open gets its id.
   */
  rematch(roomId: string, token: string, mayStart: (room: RoomRecord, asker: Asker) => boolean): Promise<{ nextRoomId: string | null }> {
    return this.mutate<{ nextRoomId: string | null }>(roomId, (room) => {
      requireFinished(room);
      if (room.series.nextRoomId !== null) return { next: room, result: { nextRoomId: room.series.nextRoomId } };
      const hash = hashToken(token);
      const asker: Asker = { seat: seatOfToken(room, hash), creator: isCreator(room, hash) };
      if (asker.seat === null && !asker.creator) throw new TableeError("NOT_YOUR_SEAT", "only the players may ask to play again");
      if (!mayStart(room, asker)) return { next: askRematch(room, asker.seat ?? 0, this.clock()), result: { nextRoomId: null } };
      const { finished, next } = startRematch(room, this.gameOf(room), newRoomId(), newSeed(), this.clock());
      this.log.info({ roomId, nextRoomId: next.id, game: next.series.number }, "next game at the table");
      return { next: finished, created: next, result: { nextRoomId: next.id } };
    });
  }

  /** The creator stops the game and saves it: clocks and computers stop until someone resumes. */
  pause(roomId: string, creatorToken: string): Promise<void> {
    return this.mutate(roomId, (room) => {
      this.requireCreator(room, creatorToken);
      return { next: transitions.pauseGame(room, this.clock()), result: undefined };
    });
  }

  /** Any seated player (or the creator) resumes a saved game, from any device holding their token. */
  resume(roomId: string, token: string): Promise<void> {
    return this.mutate(roomId, (room) => {
      const hash = hashToken(token);
      if (!isCreator(room, hash) && seatOfToken(room, hash) === null) throw new TableeError("NOT_YOUR_SEAT", "only the players may resume this game");
      return { next: transitions.resumeGame(room, this.clock()), result: undefined };
    });
  }

  /** Rooms in play whose slow turn ran out, by the database (a room need not be held here). */
  overdue(limit: number): Promise<string[]> {
    return this.guardDatabase(() => this.store.overdue(this.clock(), limit));
  }

  /** Rooms never started expire after `maxAgeMs` (7 days by default); paused and finished games are kept. */
  async expireUnstarted(maxAgeMs = 7 * 24 * 3600 * 1000): Promise<number> {
    const ids = await this.guardDatabase(() => this.store.deleteUnstartedBefore(new Date(this.clock().getTime() - maxAgeMs)));
    for (const id of ids) this.cache.delete(id);
    if (ids.length > 0) this.log.info({ count: ids.length }, "expired rooms that never started");
    return ids.length;
  }

  /** Drops this process's copy of a room: the next use reloads it from the database. */
  forget(roomId: string): void {
    this.cache.delete(roomId);
  }

  /** Shutdown: from now on every change is refused with UNAVAILABLE (those already queued still run). */
  stopAccepting(): void {
    this.accepting = false;
  }

  /** Waits for every in-flight change to be committed (graceful shutdown). */
  drain(): Promise<void> {
    return this.lanes.idle();
  }

  private requireCreator(room: RoomRecord, creatorToken: string): void {
    if (!isCreator(room, hashToken(creatorToken))) throw new TableeError("NOT_CREATOR", "only the room's creator may do this");
  }

  private async current(roomId: string, deadline: Deadline = this.store.deadline()): Promise<RoomRecord> {
    const cached = this.cache.get(roomId);
    if (cached) return cached;
    this.loading.set(roomId, 0);
    let loaded: RoomRecord | null;
    try {
      // A change announced by another process while we read may be newer than what we read: read again.
      do loaded = await this.guardDatabase(() => this.store.load(roomId, (gameId) => this.findGame(gameId), deadline), roomId);
      while (loaded && loaded.version < (this.loading.get(roomId) ?? 0));
    } finally {
      this.loading.delete(roomId);
    }
    if (!loaded) throw new TableeError("ROOM_NOT_FOUND", "no such room");
    if (!this.findGame(loaded.gameId)) throw new TableeError("UNKNOWN_GAME", `no game ${loaded.gameId}`);
    if (this.shared) return this.afterDoubt(this.remember(loaded));
    const timer = timerAfterRestart(loaded);
    return this.afterDoubt(this.remember({ ...loaded, timer: timer && loaded.status === "playing" ? { ...timer, deadline: this.clock().getTime() + timer.remainingMs } : timer }));
  }

  /**
   * The first load after a write answered IN_DOUBT: if that write landed after all, it is announced
   * now, as any commit is (every seat gets it, computers and countdowns follow). With other processes
   * about, a newer room may hold their changes too: it is only broadcast (they act on their own).
   */
  private afterDoubt(room: RoomRecord): RoomRecord {
    const before = this.doubtful.get(room.id);
    if (!before) return room;
    this.doubtful.delete(room.id);
    if (room.version <= before.version) return room;
    if (this.shared) for (const listener of this.remoteListeners) listener(room);
    else this.announce(room, before);
    return room;
  }

  /**
   * Caches `room` unless the cache already holds a newer version (a remote change got there first);
   * returns whichever is newest.
   */
  private remember(room: RoomRecord): RoomRecord {
    const cached = this.cache.get(room.id);
    if (cached && cached.version >= room.version) return cached;
    this.cache.set(room.id, room);
    return room;
  }

  /** `deadline`: the request's, lane wait, loads, writes and retries included (deadline.ts). */
  private mutate<T>(roomId: string, change: (room: RoomRecord) => Change<T>, deadline: Deadline = this.store.deadline()): Promise<T> {
    if (!this.accepting) return Promise.reject(new TableeError("UNAVAILABLE", "the server is restarting; try again in a moment"));
    return this.lanes.run(roomId, () => this.attemptUntilFresh(roomId, change, 1, deadline));
  }

  /** `attempt`, decided again on fresh data when another writer (another process) got there first. */
  private attemptUntilFresh<T>(roomId: string, change: (room: RoomRecord) => Change<T>, attempt: number, deadline: Deadline): Promise<T> {
    return this.attempt(roomId, change, deadline).catch((error: unknown) => {
      if (!(error instanceof StaleWriteError)) return Promise.reject(error);
      // Reload the truth, so the change is checked against the room as it now is (a move may no longer be legal).
      this.cache.delete(roomId);
      if (attempt >= STALE_RETRIES) return Promise.reject(new TableeError("CONFLICT", "the room changed meanwhile; try again"));
      return this.attemptUntilFresh(roomId, change, attempt + 1, deadline);
    });
  }

  private async attempt<T>(roomId: string, change: (room: RoomRecord) => Change<T>, deadline: Deadline): Promise<T> {
    const room = this.cache.get(roomId) ?? (await this.current(roomId, deadline));
    let changed: ReturnType<typeof change>;
    try {
      changed = change(room);
    } catch (error) {
      // Refused on our copy: with other processes about, make sure the copy was not behind (a change
      // announced elsewhere may still be on its way) before the refusal stands.
      if (this.shared && error instanceof TableeError && (await this.guardDatabase(() => this.store.version(roomId, deadline), roomId)) !== room.version) {
        throw new StaleWriteError(roomId);
      }
      throw error;
    }
    if (changed.next === room) return changed.result; // nothing to change, nothing to write
    const write = this.writeOf(room, changed);
    await this.commit(write, deadline);
    // The new room first: clients told to follow the finished room's pointer find it already here.
    if (write.created) this.announce(write.created, null);
    this.announce(write.next, room);
    return changed.result;
  }

  /** What committing `changed` writes: the records with their clocks set, and the score rows of a game just over. */
  private writeOf(room: RoomRecord, changed: Change<unknown>): Write {
    const now = this.clock().getTime();
    const game = this.gameOf(changed.next);
    const timer = nextTimer(room.timer, changed.next, game, now);
    const deadline = nextDeadline(room.deadline ?? null, changed.next, game, now);
    // A copy only when a clock changed: most moves of most games have none, and this runs at every move.
    const next = timer === changed.next.timer && deadline === (changed.next.deadline ?? null) ? changed.next : { ...changed.next, timer, deadline };
    const justFinished = next.status === "finished" && room.status !== "finished";
    const created = changed.created && {
      ...changed.created,
      timer: nextTimer(null, changed.created, this.gameOf(changed.created), now),
      deadline: nextDeadline(null, changed.created, this.gameOf(changed.created), now),
    };
    return { next, previous: room, move: changed.move ?? null, scores: justFinished ? scoreRowsOf(next, this.gameOf(next), next.updatedAt) : null, created: created ?? null };
  }

  /** Commits a write: with the other rooms' writes of the moment, or in one transaction with the next game it opens. */
  private commit(write: Write, deadline: Deadline): Promise<void> {
    const { next, previous, move, scores, created } = write;
    if (created) return this.guardDatabase(() => this.store.saveRematch(next, created, deadline), next.id);
    return this.guardDatabase(() => this.metrics.observeCommit(this.store.save(next, move, scores, previous, deadline)), next.id);
  }

  /** A committed change: cached, then told to the listeners (broadcasts, bots, countdowns, notices). */
  private announce(after: RoomRecord, before: RoomRecord | null): void {
    this.remember(after);
    for (const listener of this.listeners) listener(after, before);
  }

  /**
   * Database failures become UNAVAILABLE for the client; the details go to the log only, an outage
   * as a few summary lines (`outages`) rather than one line per refused request. `roomId` names the
   * room in the log line.
   */
  private guardDatabase<T>(work: () => Promise<T>, roomId?: string): Promise<T> {
    let pending: Promise<T>;
    try {
      pending = work();
    } catch (error) {
      return Promise.reject(this.unavailable(error, roomId));
    }
    return pending.then(
      (result) => {
        this.outages.succeeded();
        return result;
      },
      (error: unknown) => Promise.reject(this.unavailable(error, roomId)),
    );
  }

  /**
   * What a database failure becomes for the caller (our own refusals pass as they are). The line
   * says which room and which codes, never the driver's text: it quotes the rows it was sent.
   */
  private unavailable(error: unknown, roomId: string | undefined): unknown {
    if (error instanceof StaleWriteError || error instanceof TableeError || error instanceof DuplicateMoveIdError) return error;
    if (isDatabaseUnavailable(error)) this.outages.failed(error);
    else this.log.error({ roomId, error: loggableError(error) }, "database operation failed");
    if (error instanceof UncertainWriteError) return this.inDoubt(error);
    return new TableeError("UNAVAILABLE", "the service is temporarily unavailable; nothing was changed");
  }

  /**
   * A write whose answer was lost and was read back (readBack.ts): the cached copy is dropped either
   * way (the next request reloads the room); not landed is a plain UNAVAILABLE, not known yet is
   * IN_DOUBT, and the first load after it announces the write if it landed after all (`afterDoubt`).
   */
  private inDoubt(error: UncertainWriteError): TableeError {
    const before = this.cache.get(error.roomId);
    this.cache.delete(error.roomId);
    if (error.outcome === "not landed") return new TableeError("UNAVAILABLE", "the service is temporarily unavailable; nothing was changed");
    if (before && !this.doubtful.has(error.roomId)) this.doubtful.set(error.roomId, before);
    return new TableeError("IN_DOUBT", "the database did not confirm whether this was done; send it again under the same move id");
  }
}
