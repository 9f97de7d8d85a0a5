import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { ErasedGame } from "../../shared/engine/erase";
import { GAMES } from "../../shared/games/registry";
import { TableeError, type roomSettingsSchema, type SeatConfigKind } from "../../shared/protocol";
import { inlineDecider, type BotDecider } from "../bots/threads";
import type { OutageLog } from "../db/outage";
import { loggableError } from "../db/loggable";
import { noMetrics, type Metrics } from "../metrics/metrics";
import { clocks, computer, lobby, moves, playAgain, table } from "./commands";
import { DatabaseGuard } from "./databaseGuard";
import { Lanes } from "./lanes";
import { RoomPass } from "./pass";
import { Publisher, type CommitListener, type RoomListener } from "./publish";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import type { Asker } from "./rematch";
import { RemoteChanges, type RoomsWatched } from "./remoteChanges";
import { RoomCache } from "./roomCache";
import { DuplicateMoveIdError, type RoomStore } from "./store";
import type { Deadline } from "../db/deadline";
import * as transitions from "./transitions";
import { hashToken, newRoomId, newToken } from "./tokens";

export type { CommitListener, RoomListener } from "./publish";
export { CLOCK_SEAT } from "../../shared/engine/replay";

/**
 * The authoritative room service: the surface the sockets, routes and drivers use. Each change is a
 * command (`./commands`) run by one pass in the room's lane (`RoomPass`: load → decide → commit →
 * publish); this class only wires the parts together and names the commands.
 */
export class RoomService {
  private readonly lanes = new Lanes();
  private readonly guard: DatabaseGuard;
  private readonly cache: RoomCache;
  private readonly publisher = new Publisher((error, room) => this.log.error({ err: loggableError(error), roomId: room.id }, "a listener of a committed change failed"));
  private readonly pass: RoomPass;
  private readonly remote: RemoteChanges;
  private readonly computers: computer.ComputerTurns;
  /** Database outages, logged as a few lines (shared with the HTTP routes). */
  readonly outages: OutageLog;

  constructor(
    private readonly store: RoomStore,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
    /** The games this server hosts (the registry; tests may add their own). */
    readonly games: readonly ErasedGame[] = GAMES,
    /** Several processes share the rooms (see `RoomCache`: a loaded room keeps its countdown's deadline). */
    private readonly shared = false,
    /** Where computer seats think (bot threads, or this thread). */
    decider: BotDecider = inlineDecider,
    private readonly metrics: Pick<Metrics, "observeMove" | "observeCommit"> = noMetrics,
  ) {
    this.guard = new DatabaseGuard(log, (roomId) => this.cache.doubted(roomId));
    this.outages = this.guard.outages;
    const gameOf = (room: RoomRecord) => this.gameOf(room);
    const landedAfterDoubt = (room: RoomRecord, before: RoomRecord) => this.landedAfterDoubt(room, before);
    this.cache = new RoomCache(store, this.guard, (id) => this.findGame(id), clock, shared, landedAfterDoubt);
    this.pass = new RoomPass({ cache: this.cache, lanes: this.lanes, store, guard: this.guard, publisher: this.publisher, gameOf, clock, shared, metrics });
    this.remote = new RemoteChanges(this.cache, this.lanes, store, this.guard, this.publisher, log);
    this.computers = new computer.ComputerTurns({ store, guard: this.guard, pass: this.pass, get: (id) => this.get(id), gameOf, decider, log });
  }

  /**
   * A write answered IN_DOUBT that landed after all is announced as any commit is (the other
   * processes, the computer and countdown drivers, push notices), a "play again" with the next game
   * it opened. With other processes about, a room read that holds their later changes too was
   * announced by its last writer, which also holds its lease: here it is only broadcast.
   */
  private landedAfterDoubt(room: RoomRecord, before: RoomRecord): void {
    if (this.shared && room.version !== before.version + 1) return this.publisher.changedElsewhere(room);
    const opened = before.series.nextRoomId === null ? room.series.nextRoomId : null;
    if (opened === null) return this.publisher.committed(room, before);
    this.get(opened)
      .then((next) => this.publisher.committed(next, null))
      .catch((error: unknown) => this.outages.failedInBackground(error, { roomId: opened }, "could not announce the next game of a rematch that landed after all"))
      .finally(() => this.publisher.committed(room, before));
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
   * The game a room plays, for its page's address (null: no such room): from this process's copy
   * when it holds the room (a room's game never changes, "play again" included), else the database's
   * answer before `deadline` (DeadlinePassedError after it).
   */
  gameIdOf(roomId: string, deadline: Deadline): Promise<string | null> {
    const held = this.cache.gameIdOf(roomId);
    return held !== undefined ? Promise.resolve(held) : this.store.gameOf(roomId, deadline);
  }

  /**
   * Changes this process committed (bots, countdowns, broadcasts and pushes follow them); never those
   * of other processes (`onRemoteChange`), so each change is acted on once in a cluster.
   */
  onChange(listener: CommitListener): () => void {
    return this.publisher.onCommit(listener);
  }

  /** Changes another process committed, once this process's copy has caught up (broadcasts only). */
  onRemoteChange(listener: RoomListener): () => void {
    return this.publisher.onRemote(listener);
  }

  /** Which rooms sockets of this process watch: news of one it let go of is read and told (RemoteChanges). */
  watchedBy(watched: RoomsWatched): void {
    this.remote.watched = watched;
  }

  /** Whether this process holds a copy of the room now (without reading it). */
  holds(roomId: string): boolean {
    return this.cache.cached(roomId) !== undefined;
  }

  /** Another process committed `room` (see `RemoteChanges.receive`). */
  receiveRemote(room: RoomRecord): void {
    this.remote.receive(room);
  }

  /** Re-reads every room held here whose stored version moved on (messages between processes lost). */
  resync(): Promise<number> {
    return this.remote.resync();
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
    await this.guard.run(() => this.store.insert(room), room.id);
    this.cache.remember(room);
    this.log.info({ roomId: room.id, gameId }, "room created");
    return { roomId: room.id, creatorToken };
  }

  /** A started room of computers only, with the game's demo options (the seeds' computer-vs-computer demo). */
  async createDemo(gameId: string): Promise<{ roomId: string; creatorToken: string }> {
    const demo = this.findGame(gameId)?.demo;
    if (!demo) throw new TableeError("UNKNOWN_GAME", `${gameId} has no demo`);
    const created = await this.create(gameId, demo.options);
    await this.pass.run(created.roomId, lobby.startDemo(demo));
    return created;
  }

  /** The current record (loaded from the database on first use), or ROOM_NOT_FOUND. */
  get(roomId: string, deadline: Deadline = this.store.deadline()): Promise<RoomRecord> {
    return this.lanes.run(roomId, () => this.cache.current(roomId, deadline));
  }

  /**
   * The current record, checked against the database when other processes share the room and the
   * copy here may be behind theirs (`RemoteChanges.catchUp`); a lone server's copy is the room.
   */
  confirmed(roomId: string, deadline: Deadline = this.store.deadline()): Promise<RoomRecord> {
    return this.shared ? this.remote.catchUp(roomId, deadline) : this.get(roomId, deadline);
  }

  /** A request's deadline from now (DB_QUERY_TIMEOUT_MS): one for all its steps (db/deadline.ts). */
  deadline(): Deadline {
    return this.store.deadline();
  }

  claimSeat(roomId: string, seat: number, nickname: string, seatToken: string = newToken()): Promise<{ seat: number; seatToken: string }> {
    return this.pass.run(roomId, lobby.claimSeat(seat, nickname, seatToken));
  }

  configureSeat(roomId: string, creatorToken: string, seat: number, kind: SeatConfigKind, bot: string | undefined): Promise<void> {
    return this.pass.run(roomId, lobby.configureSeat(creatorToken, seat, kind, bot));
  }

  start(roomId: string, creatorToken: string): Promise<void> {
    return this.pass.run(roomId, lobby.start(creatorToken));
  }

  /**
   * Plays a human's move. With a `moveId` (chosen by the client), a resend of a move already committed
   * is answered as the first time (its move number) and changes nothing: a client whose answer was
   * lost (a server dying mid-move, a dropped connection) can resend safely.
   */
  move(roomId: string, seat: number, seatToken: string, move: unknown, moveId?: string, chosenAt?: number): Promise<{ moveNumber: number }> {
    const deadline = this.store.deadline(); // one for the move, its resend check included
    const played = this.pass
      .run(roomId, moves.playerMove(seat, seatToken, move, moveId, chosenAt), deadline)
      .catch((error: unknown) => {
        if (error instanceof DuplicateMoveIdError) return this.sameMoveStored(roomId, error.moveId, seat, deadline, null);
        // A resend the game moved on from may have been played before the tail this room remembers.
        if (error instanceof TableeError && error.code === "TABLE_CHANGED" && moveId !== undefined) return this.sameMoveStored(roomId, moveId, seat, deadline, error);
        return Promise.reject(error);
      });
    return this.metrics.observeMove(() => this.cache.gameIdOf(roomId), played);
  }

  /** A resent move id older than the tail this process remembers: the database knows it (else `unknown`). */
  private async sameMoveStored(roomId: string, moveId: string, seat: number, deadline: Deadline, unknown: TableeError | null): Promise<{ moveNumber: number }> {
    const earlier = await this.guard.run(() => this.store.moveById(roomId, moveId, deadline), roomId);
    if (!earlier) throw unknown ?? new TableeError("UNAVAILABLE", "the service is temporarily unavailable; nothing was changed");
    return moves.sameMove(earlier, seat);
  }

  /**
   * Plays the computer's move for `seat` if it is still that computer's turn at `expectedMoveNumber`
   * (a timer may fire after a human reclaimed the seat or the room was paused). Returns whether a
   * move was played.
   */
  computerMove(roomId: string, seat: number, expectedMoveNumber: number): Promise<boolean> {
    return this.computers.play(roomId, seat, expectedMoveNumber);
  }

  /** The countdown `key` has run out (see `clocks.timeout`). Returns whether it changed the game. */
  timeout(roomId: string, key: string): Promise<boolean> {
    return this.pass.run(roomId, clocks.timeout(key, this.log));
  }

  /** A slow room's turn ran out (see `clocks.turnTimeRanOut`); any process may ask, as often as it likes. */
  turnTimeRanOut(roomId: string): Promise<boolean> {
    return this.pass.run(roomId, clocks.turnTimeRanOut(this.log));
  }

  /** Hands an absent human's seat to a computer (see `table.takeOver`). */
  takeOver(roomId: string, askerToken: string, seat: number, bot: string | undefined, absentLongEnough: (room: RoomRecord) => boolean): Promise<void> {
    return this.pass.run(roomId, table.takeOver(askerToken, seat, bot, absentLongEnough));
  }

  /** A returning human takes their seats back from their stand-ins. */
  reclaim(roomId: string, seats: readonly number[]): Promise<void> {
    return this.pass.run(roomId, table.reclaim(seats));
  }

  updateSettings(roomId: string, token: string | undefined, changes: transitions.SettingsChange): Promise<void> {
    return this.pass.run(roomId, table.updateSettings(token, changes));
  }

  /** "Play again" after the game (see `playAgain`). */
  rematch(roomId: string, token: string, mayStart: (room: RoomRecord, asker: Asker) => boolean): Promise<{ nextRoomId: string | null }> {
    return this.pass.run(roomId, playAgain(token, mayStart, this.log));
  }

  pause(roomId: string, creatorToken: string): Promise<void> {
    return this.pass.run(roomId, table.pause(creatorToken));
  }

  resume(roomId: string, token: string): Promise<void> {
    return this.pass.run(roomId, table.resume(token));
  }

  /** Rooms in play whose slow turn ran out, by the database (a room need not be held here). */
  overdue(limit: number): Promise<string[]> {
    return this.guard.run(() => this.store.overdue(this.clock(), limit));
  }

  /** Rooms never started expire after `maxAgeMs` (7 days by default); paused and finished games are kept. */
  async expireUnstarted(maxAgeMs = 7 * 24 * 3600 * 1000): Promise<number> {
    const ids = await this.guard.run(() => this.store.deleteUnstartedBefore(new Date(this.clock().getTime() - maxAgeMs)));
    for (const id of ids) this.cache.forget(id);
    if (ids.length > 0) this.log.info({ count: ids.length }, "expired rooms that never started");
    return ids.length;
  }

  /**
   * A room whose lease this process took over (its last writer died): read again, and the sockets here
   * told unless the copy held was as new (that writer may have died before announcing its last change;
   * with no copy held, a read that failed at an earlier sweep say, they are told: a socket already
   * at that version is sent nothing new).
   */
  async takenOver(roomId: string): Promise<RoomRecord> {
    const held = this.cache.cached(roomId)?.version;
    this.cache.forget(roomId);
    const fresh = await this.get(roomId);
    if (held === undefined || fresh.version > held) this.publisher.changedElsewhere(fresh);
    return fresh;
  }

  /** Drops this process's copy of a room: the next use reloads it from the database. */
  forget(roomId: string): void {
    this.cache.forget(roomId);
  }

  /** Shutdown: from now on every change is refused with UNAVAILABLE (those already queued still run). */
  stopAccepting(): void {
    this.pass.stopAccepting();
  }

  /** Whether changes are still taken (false while the process shuts down). */
  get accepting(): boolean {
    return this.pass.isAccepting;
  }

  /** Waits for every in-flight change to be committed (graceful shutdown). */
  drain(): Promise<void> {
    return this.lanes.idle();
  }
}
