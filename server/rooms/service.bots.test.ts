import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { TableeError } from "../../shared/protocol";
import type { BotRequest } from "../bots/request";
import { inlineDecider, type BotDecider } from "../bots/threads";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { RoomService } from "./service";
import type { MoveRow, RoomStore } from "./store";
import { configureSeat, newRoom, playMove, startGame } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A started Qwirkle room of two computers, kept by a store in memory. */
function twoComputers() {
  let room: RoomRecord = newRoom("r1", qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date(0));
  room = configureSeat(room, qwirkle, 0, "computer", "easy", new Date(0));
  room = configureSeat(room, qwirkle, 1, "computer", "easy", new Date(0));
  for (let seat = 2; seat < room.seats.length; seat++) room = configureSeat(room, qwirkle, seat, "closed", undefined, new Date(0));
  room = startGame(room, qwirkle, "secret-room-seed", new Date(0));
  const saved: MoveRow[] = [];
  const stored = { room };
  const store = {
    deadline: () => null, // no bound: nothing here waits on a database
    load: async () => stored.room,
    version: async () => stored.room.version,
    moves: async () => saved.map((row) => ({ ...row, createdAt: new Date(0) })),
    save: async (next: RoomRecord, move: MoveRow | null) => {
      stored.room = next;
      if (move) saved.push(move);
    },
  } as unknown as RoomStore;
  return { store, stored, saved };
}

/** Decides like the inline decider, but holds the first decision until `release()`; counts decisions. */
function holdingFirst(): { decider: BotDecider; release: () => void; asked: Promise<void>; calls: () => number } {
  let release = () => undefined as void;
  let asked = () => undefined as void;
  const askedPromise = new Promise<void>((resolve) => (asked = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const decider: BotDecider = {
    threadDecisions: 0,
    close: () => Promise.resolve(),
    decide: async (game, request) => {
      if (calls++ === 0) {
        asked();
        await held;
      }
      return inlineDecider.decide(game, request);
    },
  };
  return { decider, release: () => release(), asked: askedPromise, calls: () => calls };
}

describe("RoomService.computerMove: the bot thinks outside the room's lane", () => {
  it("plays the move when the room is still where the bot was asked", async () => {
    const { store, saved } = twoComputers();
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, false, inlineDecider);
    const room = await rooms.get("r1");
    const seat = qwirkle.currentSeats(room.state)[0]!;
    await expect(rooms.computerMove("r1", seat, room.moveNumber)).resolves.toBe(true);
    expect(saved.map((m) => [m.moveNumber, m.seat])).toEqual([[1, seat]]);
  });

  it("asks the bot with its seat's view, the public log and a generator state: no state, no room seed", async () => {
    const { store, stored } = twoComputers();
    const requests: BotRequest[] = [];
    const spy: BotDecider = { ...inlineDecider, decide: (game, request) => (requests.push(request), inlineDecider.decide(game, request)) };
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, false, spy);
    const room = await rooms.get("r1");
    const seat = qwirkle.currentSeats(room.state)[0]!;
    await rooms.computerMove("r1", seat, room.moveNumber);
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(Object.keys(request).sort()).toEqual(["botId", "gameId", "history", "rng", "seat", "view"]);
    expect(request.view).toEqual(qwirkle.view(room.state, seat));
    expect(JSON.stringify(request)).not.toContain("secret-room-seed");
    expect(stored.room.moveNumber).toBe(1);
  });

  it("drops a decision the room has moved past while the bot was thinking (one move, not two)", async () => {
    const { store, saved, stored } = twoComputers();
    const { decider, release, asked } = holdingFirst();
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true, decider);
    const room = await rooms.get("r1");
    const seat = qwirkle.currentSeats(room.state)[0]!;
    const slow = rooms.computerMove("r1", seat, room.moveNumber);
    await asked;
    // Meanwhile another process plays that turn (a human reclaiming the seat would do the same).
    const played = playMove(stored.room, qwirkle, seat, qwirkle.legalMoves(stored.room.state, seat)[0], new Date(0));
    await store.save(played.room, { moveNumber: played.room.moveNumber, seat, move: played.move, summary: played.summary });
    rooms.receiveRemote(played.room);
    release();
    await expect(slow).resolves.toBe(false);
    expect(saved.map((m) => m.moveNumber)).toEqual([1]);
    expect((await rooms.get("r1")).moveNumber).toBe(1);
  });

  it("shares one decision between asks for the same turn while the bot thinks (a speed change re-schedules it)", async () => {
    const { store, saved } = twoComputers();
    const { decider, release, asked, calls } = holdingFirst();
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, false, decider);
    const room = await rooms.get("r1");
    const seat = qwirkle.currentSeats(room.state)[0]!;
    const first = rooms.computerMove("r1", seat, room.moveNumber);
    await asked;
    const second = rooms.computerMove("r1", seat, room.moveNumber);
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect((await Promise.all([first, second])).sort()).toEqual([false, true]);
    expect(calls()).toBe(1);
    expect(saved.map((m) => m.moveNumber)).toEqual([1]);
  });

  it("plays the first legal move, and says so, when the bot's decision fails (a thrown error, a timeout)", async () => {
    const { store, saved } = twoComputers();
    const errors: string[] = [];
    const log = { ...quietLog, error: (_: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
    const failing: BotDecider = { threadDecisions: 0, close: () => Promise.resolve(), decide: () => Promise.reject(new Error("bot bug")) };
    const rooms = new RoomService(store, log, () => new Date(0), GAMES, false, failing);
    const room = await rooms.get("r1");
    const seat = qwirkle.currentSeats(room.state)[0]!;
    await expect(rooms.computerMove("r1", seat, room.moveNumber)).resolves.toBe(true);
    expect(saved[0]?.move).toEqual(qwirkle.legalMoves(room.state, seat)[0]);
    expect(errors).toEqual(["computer player could not decide"]);
  });

  it("plays nothing when the decider is shut down (the turn resumes after the restart)", async () => {
    const { store, saved } = twoComputers();
    const closed: BotDecider = { threadDecisions: 0, close: () => Promise.resolve(), decide: () => Promise.reject(new TableeError("UNAVAILABLE", "the server is shutting down")) };
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, false, closed);
    const room = await rooms.get("r1");
    await expect(rooms.computerMove("r1", qwirkle.currentSeats(room.state)[0]!, room.moveNumber)).rejects.toThrow(/shutting down/);
    expect(saved).toEqual([]);
  });

  it("does not play when the seat was given to another computer level meanwhile", async () => {
    const { store, saved, stored } = twoComputers();
    const { decider, release, asked } = holdingFirst();
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true, decider); // shared: reloads on a refusal
    const room = await rooms.get("r1");
    const seat = qwirkle.currentSeats(room.state)[0]!;
    const slow = rooms.computerMove("r1", seat, room.moveNumber);
    await asked;
    const seats = stored.room.seats.map((s, i) => (i === seat ? { ...s, bot: "hard" } : s));
    rooms.receiveRemote({ ...stored.room, seats, version: stored.room.version + 1 });
    release();
    await expect(slow).resolves.toBe(false);
    expect(saved).toEqual([]);
  });
});
