import type { ErasedGame } from "../../shared/engine/erase";
import type { PublicMoveSummary } from "../../shared/engine/types";
import { TableeError, type RoomSettings, type SeatConfigKind } from "../../shared/protocol";
import { awayMarked, firstGameSeries, openSeat, withLogEntry, type RoomRecord, type SeatRecord } from "./record";
import { firstMoverShift, rotateBy } from "./seatOrder";
import { withColours } from "./table";

/**
 * Pure room transitions: each takes the current record and returns the next one (version bumped)
 * or throws a TableeError, and never touches the database or the sockets.
 */

function bump(room: RoomRecord, changes: Partial<RoomRecord>, now: Date): RoomRecord {
  return { ...room, ...changes, version: room.version + 1, updatedAt: now };
}

function requireWaiting(room: RoomRecord): void {
  if (room.status !== "waiting") throw new TableeError("ALREADY_STARTED", "the game has already started");
}

function requireSeat(room: RoomRecord, seat: number): SeatRecord {
  const record = room.seats[seat];
  if (!record) throw new TableeError("SEAT_NOT_FOUND", `no seat ${seat} in this room`);
  return record;
}

function replaceSeat(seats: readonly SeatRecord[], index: number, seat: SeatRecord): SeatRecord[] {
  return seats.map((s, i) => (i === index ? seat : s));
}

export function claimSeat(room: RoomRecord, seat: number, nickname: string, tokenHash: string, now: Date): RoomRecord {
  requireWaiting(room);
  if (requireSeat(room, seat).kind !== "open") throw new TableeError("SEAT_TAKEN", `seat ${seat} is not free`);
  return bump(room, { seats: replaceSeat(room.seats, seat, { kind: "human", nickname, tokenHash, bot: null, standIn: null, expectedSince: now.getTime() }) }, now);
}

export function configureSeat(
  room: RoomRecord,
  game: ErasedGame,
  seat: number,
  kind: SeatConfigKind,
  botId: string | undefined,
  now: Date,
): RoomRecord {
  requireWaiting(room);
  requireSeat(room, seat);
  let next: SeatRecord;
  if (kind === "computer") {
    const bot = game.bots.find((b) => b.id === (botId ?? game.bots[0]?.id));
    if (!bot) throw new TableeError("NO_SUCH_BOT", `${game.id} has no computer player ${botId ?? ""}`.trim());
    next = { kind: "computer", nickname: bot.names.en, tokenHash: null, bot: bot.id, standIn: null };
  } else {
    // Opening or closing a claimed seat frees it: the creator may remove someone from the lobby.
    next = kind === "open" ? openSeat : { ...openSeat, kind: "closed" };
  }
  // A mute belongs to the player who sat there, not to whoever takes the seat next.
  const chatMutedSeats = room.settings.chatMutedSeats.filter((muted) => muted !== seat);
  return bump(room, { seats: replaceSeat(room.seats, seat, next), settings: { ...room.settings, chatMutedSeats } }, now);
}

/** Starts the game: seats left open or closed are removed, the players keep their order. */
export function startGame(room: RoomRecord, game: ErasedGame, seed: string, now: Date): RoomRecord {
  requireWaiting(room);
  // Away time of a human counts from the start at the earliest (not from a lobby they left, nor from
  // when this process started): a player who never came back is not "away for days" at once.
  // Each player's colour is written down now (their lobby seat number), before the seat numbers change.
  const seated = withColours(room.seats)
    .filter((s) => s.kind === "human" || s.kind === "computer")
    .map((s) => (s.kind === "human" ? { ...s, expectedSince: now.getTime() } : s));
  // Seat 0 moves first: a game that wants a human first with computers about starts from its first human.
  const shift = firstMoverShift(game, seated, 0);
  const players = rotateBy(seated, shift);
  if (players.length < game.minSeats) {
    throw new TableeError("NOT_ENOUGH_PLAYERS", `${game.id} needs at least ${game.minSeats} players`);
  }
  if (!game.seatCounts.includes(players.length)) {
    throw new TableeError("BAD_SEAT_COUNT", `${game.id} is played by ${game.seatCounts.join(" or ")} players, not ${players.length}`);
  }
  const state = game.setup(room.options, players.length, seed);
  // Seat numbers change here: a chat mute set in the lobby follows its player to their new number.
  const kept = room.seats.flatMap((s, index) => (s.kind === "human" || s.kind === "computer" ? [index] : []));
  const chatMutedSeats = room.settings.chatMutedSeats
    .map((seat) => kept.indexOf(seat))
    .filter((seat) => seat >= 0)
    .map((seat) => (seat - shift + players.length) % players.length);
  return bump(
    room,
    { status: "playing", seats: players, state, seed, settings: { ...room.settings, chatMutedSeats }, series: { ...room.series, winsBefore: players.map(() => 0) } },
    now,
  );
}

export interface AcceptedMove {
  readonly room: RoomRecord;
  readonly move: unknown; // as parsed by the game's schema
  readonly summary: PublicMoveSummary;
}

/**
 * Validates and applies one move for `seat` (whose token was already checked). `standIn` names the
 * computer level that played it for the seat's absent human: the log says so, and a stand-in called
 * for this one turn (the turn's time ran out) leaves. A move the human played themselves ends their
 * run of missed turns.
 */
export function playMove(room: RoomRecord, game: ErasedGame, seat: number, rawMove: unknown, now: Date, standIn?: string): AcceptedMove {
  if (room.status === "waiting") throw new TableeError("NOT_STARTED", "the game has not started");
  if (room.status === "finished") throw new TableeError("GAME_OVER", "the game is over");
  if (room.status === "paused") throw new TableeError("PAUSED", "the game is paused; resume it first");
  const parsed = game.moveSchema.safeParse(rawMove);
  if (!parsed.success) throw new TableeError("BAD_MOVE", `not a ${game.id} move: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  if (!game.currentSeats(room.state).includes(seat)) throw new TableeError("NOT_YOUR_TURN", "it is not your turn");
  const result = game.apply(room.state, seat, parsed.data);
  if (!result.ok) throw new TableeError("RULE_VIOLATION", `illegal move: ${result.error}`, result.error);
  const moveNumber = room.moveNumber + 1;
  const finished = game.outcome(result.state).finished;
  const log = withLogEntry(room.log, { moveNumber, seat, summary: result.summary, ...(standIn !== undefined && { standIn }) });
  const next = bump(room, { state: result.state, moveNumber, status: finished ? "finished" : "playing", log, seats: seatsAfterMove(room.seats, seat, standIn) }, now);
  return { room: next, move: parsed.data, summary: result.summary };
}

function seatsAfterMove(seats: readonly SeatRecord[], seat: number, standIn: string | undefined): readonly SeatRecord[] {
  const record = seats[seat];
  if (record?.kind !== "human") return seats;
  if (standIn !== undefined) return record.standInForOneTurn ? replaceSeat(seats, seat, { ...record, standIn: null, standInForOneTurn: false }) : seats;
  // The human played: they are here, so a computer standing in for them (called as they moved) leaves too.
  return record.missedTurns || record.standIn ? replaceSeat(seats, seat, { ...record, standIn: null, standInForOneTurn: false, missedTurns: 0 }) : seats;
}

/** The computer level a stand-in plays at when nobody chose one: the game's middle level. */
export function middleBot(game: ErasedGame): string | undefined {
  return game.bots[Math.floor((game.bots.length - 1) / 2)]?.id;
}

/**
 * A slow room's turn ran out: a computer of the middle level plays that one turn for each human
 * whose turn it is, and after MISSED_TURNS_FOR_GOOD turns in a row it stays until they return.
 */
export function turnTimeRanOut(room: RoomRecord, game: ErasedGame, forGood: number, now: Date): RoomRecord {
  const bot = middleBot(game);
  if (room.status !== "playing" || bot === undefined) return room;
  const late = game.currentSeats(room.state).filter((seat) => room.seats[seat]?.kind === "human" && !room.seats[seat]?.standIn);
  if (late.length === 0) return room;
  const seats = room.seats.map((record, index) => {
    if (!late.includes(index)) return record;
    const missedTurns = (record.missedTurns ?? 0) + 1;
    return { ...record, standIn: bot, standInForOneTurn: missedTurns < forGood, missedTurns };
  });
  return bump(room, { seats }, now);
}

/**
 * Hands an absent human's seat to a computer until they come back. The caller has checked that the
 * asker holds another seat and that the human has been gone long enough.
 */
export function takeOver(room: RoomRecord, game: ErasedGame, seat: number, botId: string | undefined, now: Date): RoomRecord {
  if (room.status !== "playing") throw new TableeError("NOT_STARTED", "take-over is only possible during play");
  const record = requireSeat(room, seat);
  if (record.kind !== "human") throw new TableeError("SEAT_NOT_FOUND", "only a human seat can be taken over");
  const bot = game.bots.find((b) => b.id === (botId ?? middleBot(game)));
  if (!bot) throw new TableeError("NO_SUCH_BOT", `${game.id} has no computer player ${botId ?? ""}`.trim());
  if (record.standIn === bot.id) return room;
  return bump(room, { seats: replaceSeat(room.seats, seat, { ...record, standIn: bot.id, standInForOneTurn: false }) }, now);
}

/** The human is back: their stand-in leaves, and their run of missed turns ends. Returns the same record when there is nothing to do. */
export function reclaimSeats(room: RoomRecord, seats: readonly number[], now: Date): RoomRecord {
  // A finished game is a record: who a computer stood in for stays in it.
  if (room.status === "finished") return room;
  if (!seats.some((seat) => awayMarked(room.seats[seat]))) return room;
  const back = (s: SeatRecord): SeatRecord => ({ ...s, standIn: null, standInForOneTurn: false, missedTurns: 0 });
  return bump(room, { seats: room.seats.map((s, i) => (seats.includes(i) && awayMarked(s) ? back(s) : s)) }, now);
}

/** A finished game is a record: it cannot be paused or resumed (GAME_OVER, not "not started"). */
function requireNotOver(room: RoomRecord): void {
  if (room.status === "finished") throw new TableeError("GAME_OVER", "the game is over");
}

export function pauseGame(room: RoomRecord, now: Date): RoomRecord {
  if (room.status === "paused") return room;
  requireNotOver(room);
  if (room.status !== "playing") throw new TableeError("NOT_STARTED", "only a game in play can be paused");
  return bump(room, { status: "paused" }, now);
}

export function resumeGame(room: RoomRecord, now: Date): RoomRecord {
  if (room.status === "playing") return room;
  requireNotOver(room);
  if (room.status !== "paused") throw new TableeError("NOT_STARTED", "only a paused game can be resumed");
  return bump(room, { status: "playing" }, now);
}

/** The room settings players may change during a game (the take-over delay is fixed at creation). */
export type SettingsChange = Partial<Pick<RoomSettings, "botSpeed" | "hints" | "spectatorChat" | "chatMutedSeats">>;

export function changeSettings(room: RoomRecord, changes: SettingsChange, now: Date): RoomRecord {
  // A finished room is a record: its game's settings no longer change. Its chat goes on after the game
  // (a table's last game has no later page to mute from): the host may still mute a seat or close it to spectators.
  if (room.status === "finished" && (changes.botSpeed !== undefined || changes.hints !== undefined)) throw new TableeError("GAME_OVER", "the game is over");
  const chatMutedSeats = changes.chatMutedSeats ? [...new Set(changes.chatMutedSeats)].sort((a, b) => a - b) : room.settings.chatMutedSeats;
  if (chatMutedSeats.some((seat) => seat >= room.seats.length)) throw new TableeError("SEAT_NOT_FOUND", "no such seat in this room");
  const settings: RoomSettings = { ...room.settings, ...changes, chatMutedSeats };
  const same = (Object.keys(settings) as (keyof RoomSettings)[]).every((key) => JSON.stringify(settings[key]) === JSON.stringify(room.settings[key]));
  if (same) return room;
  return bump(room, { settings }, now);
}

export function newRoom(
  id: string,
  game: ErasedGame,
  options: Record<string, unknown>,
  settings: RoomSettings,
  creatorTokenHash: string,
  now: Date,
): RoomRecord {
  return {
    id,
    gameId: game.id,
    options,
    settings,
    timer: null,
    status: "waiting",
    creatorTokenHash,
    seats: Array.from({ length: game.maxSeats }, () => openSeat),
    state: null,
    seed: null,
    version: 0,
    moveNumber: 0,
    createdAt: now,
    updatedAt: now,
    log: [],
    series: firstGameSeries(game.maxSeats),
  };
}
