import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { finishGame } from "../../test/support/finishGame";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { UncertainWriteError } from "./readBack";
import { RoomService } from "./service";
import type { RoomStore } from "./store";
import { newRoom } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** One room in a fake database whose first write lands but loses its answer (IN_DOUBT); `later` writes are another process's. */
function doubtfulStore() {
  const stored = { room: newRoom("r1", qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date(0)) as RoomRecord };
  let writes = 0;
  const store = {
    deadline: () => null,
    load: async () => stored.room,
    version: async () => stored.room.version,
    save: async (next: RoomRecord) => {
      stored.room = next;
      if (++writes === 1) throw new UncertainWriteError(next.id, "unknown", new Error("the answer was lost"));
      return true;
    },
  } as unknown as RoomStore;
  return { store, stored };
}

describe("RoomService: a write answered IN_DOUBT that landed after all", () => {
  for (const shared of [false, true]) {
    it(`is announced as a commit when the next read finds it (${shared ? "several processes: to the others, the drivers and push notices too" : "a lone server"})`, async () => {
      const { store } = doubtfulStore();
      const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, shared);
      const committed: number[] = [];
      const broadcastOnly: number[] = [];
      rooms.onChange((room) => committed.push(room.version));
      rooms.onRemoteChange((room) => broadcastOnly.push(room.version));
      await expect(rooms.claimSeat("r1", 0, "Ann")).rejects.toMatchObject({ code: "IN_DOUBT" });
      expect(committed).toEqual([]);
      expect((await rooms.get("r1")).version).toBe(1); // the page's next read: it landed
      expect({ committed, broadcastOnly }).toEqual({ committed: [1], broadcastOnly: [] });
    });
  }

  it("several processes: a read that holds another process's later change too is only broadcast (that writer announced it)", async () => {
    const { store, stored } = doubtfulStore();
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
    const heard: string[] = [];
    rooms.onChange((room) => heard.push(`committed ${room.version}`));
    rooms.onRemoteChange((room) => heard.push(`broadcast ${room.version}`));
    await expect(rooms.claimSeat("r1", 0, "Ann")).rejects.toMatchObject({ code: "IN_DOUBT" });
    stored.room = { ...stored.room, version: stored.room.version + 1 }; // elsewhere, after ours
    expect((await rooms.get("r1")).version).toBe(2);
    expect(heard).toEqual(["broadcast 2"]);
  });

  it("a \"play again\" that landed after all: the next game it opened is announced first, then the finished one", async () => {
    const rooms = new Map<string, RoomRecord>();
    let doubtful = false;
    const store = {
      deadline: () => null,
      load: async (id: string) => rooms.get(id) ?? null,
      version: async (id: string) => rooms.get(id)?.version ?? null,
      insert: async (room: RoomRecord) => void rooms.set(room.id, room),
      save: async (next: RoomRecord) => (rooms.set(next.id, next), true),
      saveRematch: async (finished: RoomRecord, next: RoomRecord) => {
        rooms.set(finished.id, finished);
        rooms.set(next.id, next);
        if (doubtful) throw new UncertainWriteError(finished.id, "unknown", new Error("the answer was lost"));
      },
    } as unknown as RoomStore;
    const service = new RoomService(store, quietLog, () => new Date(0), [...GAMES, finishGame], true);
    const { roomId, creatorToken } = await service.create("finish", {});
    const ann = await service.claimSeat(roomId, 0, "Ann");
    await service.claimSeat(roomId, 1, "Bob");
    await service.start(roomId, creatorToken);
    await service.move(roomId, 0, ann.seatToken, { type: "finish", ranks: [1, 2] });
    const heard: string[] = [];
    service.onChange((room, previous) => heard.push(`${room.id === roomId ? "finished" : "next"} ${previous === null ? "opened" : "changed"}`));
    doubtful = true;
    await expect(service.rematch(roomId, creatorToken, () => true)).rejects.toMatchObject({ code: "IN_DOUBT" });
    const finished = await service.get(roomId); // the page's next read: it landed
    expect(finished.series.nextRoomId).not.toBeNull();
    await expect.poll(() => heard).toEqual(["next opened", "finished changed"]);
  });
});
