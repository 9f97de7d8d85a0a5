import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { TableeError } from "../../shared/protocol";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { RoomService } from "./service";
import type { RoomStore } from "./store";
import { changeSettings, newRoom, pauseGame, reclaimSeats, resumeGame } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const base = newRoom("r1", qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date(0));
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

describe("room settings", () => {
  it.each([
    ["waiting", "fast", 1],
    ["playing", "slow", 1],
    ["paused", "fast", 1],
  ] as const)("a %s room takes a new speed and bumps its version", (status, botSpeed, version) => {
    const next = changeSettings({ ...base, status }, { botSpeed }, new Date(1));
    expect(next.settings.botSpeed).toBe(botSpeed);
    expect(next.version).toBe(version);
  });

  it("a finished room keeps its stand-ins when their humans come back to look at it: a record does not change", () => {
    const seats = base.seats.map((seat, index) => (index === 0 ? { ...seat, kind: "human" as const, nickname: "Ann", standIn: "easy", missedTurns: 2 } : seat));
    const finished: RoomRecord = { ...base, status: "finished", version: 7, seats };
    expect(reclaimSeats(finished, [0], new Date(1))).toBe(finished);
    const playing: RoomRecord = { ...finished, status: "playing" };
    expect(reclaimSeats(playing, [0], new Date(1))).toMatchObject({ version: 8, seats: [{ standIn: null, missedTurns: 0 }, ...seats.slice(1)] });
  });

  it("a finished room refuses them with GAME_OVER (issue 19, item 6)", () => {
    const finished: RoomRecord = { ...base, status: "finished", version: 7 };
    expect(() => changeSettings(finished, { botSpeed: "fast" }, new Date(1))).toThrow(expect.objectContaining({ code: "GAME_OVER" }));
    expect(() => changeSettings(finished, { hints: true }, new Date(1))).toThrow(TableeError);
  });

  it("a finished room's chat may still be moderated: its page is where the table talks after its last game", () => {
    const finished: RoomRecord = { ...base, status: "finished", version: 7 };
    expect(changeSettings(finished, { chatMutedSeats: [1] }, new Date(1)).settings.chatMutedSeats).toEqual([1]);
    expect(changeSettings(finished, { spectatorChat: false }, new Date(1)).settings.spectatorChat).toBe(false);
    expect(() => changeSettings(finished, { chatMutedSeats: [1], hints: true }, new Date(1))).toThrow(expect.objectContaining({ code: "GAME_OVER" }));
  });

  it("through the service: refused, nothing written", async () => {
    let saves = 0;
    const store = {
    deadline: () => null, // no bound: nothing here waits on a database
      load: async () => ({ ...base, status: "finished", version: 7, creatorTokenHash: "x" }),
      save: async () => void saves++,
    } as unknown as RoomStore;
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES);
    await expect(rooms.updateSettings("r1", undefined, { botSpeed: "fast" })).rejects.toMatchObject({ code: "GAME_OVER" });
    expect(saves).toBe(0);
    expect((await rooms.get("r1")).version).toBe(7);
  });
});

describe("pause and resume", () => {
  it.each([
    ["pause", pauseGame],
    ["resume", resumeGame],
  ] as const)("%s on a finished room answers GAME_OVER (issue 32, point 9), not NOT_STARTED", (_name, transition) => {
    const finished: RoomRecord = { ...base, status: "finished", version: 7 };
    expect(() => transition(finished, new Date(1))).toThrow(expect.objectContaining({ code: "GAME_OVER" }));
  });

  it.each([
    ["pause", pauseGame],
    ["resume", resumeGame],
  ] as const)("%s in the lobby still answers NOT_STARTED", (_name, transition) => {
    expect(() => transition(base, new Date(1))).toThrow(expect.objectContaining({ code: "NOT_STARTED" }));
  });

  it("pauses a game in play and resumes it", () => {
    const paused = pauseGame({ ...base, status: "playing" }, new Date(1));
    expect(paused).toMatchObject({ status: "paused", version: 1 });
    expect(resumeGame(paused, new Date(2))).toMatchObject({ status: "playing", version: 2 });
  });
});
