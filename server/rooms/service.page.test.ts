import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { DEFAULT_SETTINGS } from "./record";
import { RoomService } from "./service";
import type { RoomStore } from "./store";
import { newRoom } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A store holding one room, counting the page lookups that reach it. */
function storeWith(roomId: string) {
  const asked: { roomId: string; deadline: number | null }[] = [];
  const room = newRoom(roomId, qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date(0));
  const store = {
    deadline: () => null,
    load: async (id: string) => (id === roomId ? room : null),
    gameOf: async (id: string, deadline: number | null) => {
      asked.push({ roomId: id, deadline });
      return id === roomId ? room.gameId : null;
    },
  } as unknown as RoomStore;
  return { store, asked };
}

describe("RoomService.gameIdOf: the game a room's page is sent for", () => {
  it("answers from the room this process holds, without asking the database", async () => {
    const { store, asked } = storeWith("r1");
    const rooms = new RoomService(store, quietLog, () => new Date(0));
    await rooms.get("r1"); // a player's socket watches it: the room is held here
    expect(await rooms.gameIdOf("r1", 1234)).toBe("qwirkle");
    expect(asked).toEqual([]);
  });

  it("asks the database, with the caller's deadline, for a room not held here", async () => {
    const { store, asked } = storeWith("r1");
    const rooms = new RoomService(store, quietLog, () => new Date(0));
    expect(await rooms.gameIdOf("r1", 1234)).toBe("qwirkle");
    expect(await rooms.gameIdOf("nope", 5678)).toBeNull();
    expect(asked).toEqual([
      { roomId: "r1", deadline: 1234 },
      { roomId: "nope", deadline: 5678 },
    ]);
  });
});
