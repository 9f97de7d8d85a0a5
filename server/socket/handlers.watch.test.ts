import { describe, expect, it, vi } from "vitest";
import { GAMES } from "../../shared/games/registry";
import type { ChatStore } from "../chat/store";
import { DEFAULT_SETTINGS, type RoomRecord } from "../rooms/record";
import { RoomService } from "../rooms/service";
import type { RoomStore } from "../rooms/store";
import { hashToken, newRoomId, newToken } from "../rooms/tokens";
import { claimSeat, newRoom } from "../rooms/transitions";
import { attachSocketHandlers } from "./handlers";
import { fakeConnection, quietLog } from "./testkit";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;

describe("room:watch", () => {
  it("a socket that closes while its room is read is not left watching: its seat is not counted connected", async () => {
    const token = newToken();
    const room = claimSeat(newRoom(newRoomId(), qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "creator", new Date(0)), 0, "Ann", hashToken(token), new Date(0));
    let loaded: () => void = () => undefined;
    const read = new Promise<void>((resolve) => (loaded = resolve));
    const store = { deadline: () => null, load: async () => (await read, room) } as unknown as RoomStore;
    const rooms = new RoomService(store, quietLog);
    const chat = { recent: async () => [] } as unknown as ChatStore;
    const connection = fakeConnection();
    const sockets = attachSocketHandlers(connection.io as never, rooms, chat, quietLog);
    connection.connect();
    const answers: unknown[] = [];
    connection.send("room:watch", { roomId: room.id, seatTokens: [token] }, (answer: unknown) => answers.push(answer));
    // The page is closed while the room is read (a first load after a restart, a busy lane).
    connection.socket.connected = false;
    connection.listeners.disconnect!("transport close");
    loaded();
    await vi.waitFor(() => expect(answers).toHaveLength(1)); // the watch is over
    expect(answers).toEqual([{ ok: false, error: expect.objectContaining({ code: "BAD_REQUEST" }) }]);
    expect([...sockets.connectedSeats(await rooms.get(room.id))]).toEqual([]);
  });

  it("a watch that fails (its seat's stand-in could not be sent away) leaves the socket not watching", async () => {
    const token = newToken();
    const seated = claimSeat(newRoom(newRoomId(), qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "creator", new Date(0)), 0, "Ann", hashToken(token), new Date(0));
    const room: RoomRecord = { ...seated, status: "playing", seats: seated.seats.map((seat, i) => (i === 0 ? { ...seat, standIn: "easy" } : seat)) };
    // The store reads the room, and fails every write (the database went away).
    const away = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const store = { deadline: () => null, load: async () => room, save: async () => Promise.reject(away()) } as unknown as RoomStore;
    const rooms = new RoomService(store, quietLog);
    const connection = fakeConnection();
    const sockets = attachSocketHandlers(connection.io as never, rooms, { recent: async () => [] } as unknown as ChatStore, quietLog);
    connection.connect();
    const answers: unknown[] = [];
    connection.send("room:watch", { roomId: room.id, seatTokens: [token] }, (answer: unknown) => answers.push(answer));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toMatchObject({ ok: false, error: { code: "UNAVAILABLE" } });
    expect([...sockets.connectedSeats(await rooms.get(room.id))]).toEqual([]); // others may take the seat over; its turns notify
    expect((connection.socket.data as { watch: unknown }).watch).toBeNull();
  });

  describe("a seat token the copy here does not know (claimed through another process while Redis was away)", () => {
    const lobby = () => newRoom(newRoomId(), qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "creator", new Date(0));
    /** A store whose answers the test changes, counting its version reads. */
    function storeHolding(stored: { room: RoomRecord }) {
      const versionReads: string[] = [];
      const store = {
        deadline: () => null,
        load: async () => stored.room,
        version: async (id: string) => (versionReads.push(id), stored.room.version),
      } as unknown as RoomStore;
      return { store, versionReads };
    }
    async function watchWith(rooms: RoomService, roomId: string, tokens: string[], knownVersion?: number): Promise<unknown> {
      const connection = fakeConnection();
      attachSocketHandlers(connection.io as never, rooms, { recent: async () => [] } as unknown as ChatStore, quietLog);
      connection.connect();
      const answers: unknown[] = [];
      connection.send("room:watch", { roomId, seatTokens: tokens, knownVersion }, (answer: unknown) => answers.push(answer));
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      return answers[0];
    }
    const seatsIn = (answer: unknown) => (answer as { snapshot: { you: { seats: unknown[] } } }).snapshot.you.seats;

    it("in a cluster, the database is asked before answering: the page's token holds its seat", async () => {
      const stored = { room: lobby() };
      const { store, versionReads } = storeHolding(stored);
      const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
      await rooms.get(stored.room.id); // this process holds the lobby as it was
      const token = newToken();
      stored.room = { ...claimSeat(stored.room, 0, "Ann", hashToken(token), new Date(0)), version: stored.room.version + 1 };
      expect(seatsIn(await watchWith(rooms, stored.room.id, [token]))).toEqual([0]);
      expect(versionReads).toEqual([stored.room.id]);
      expect((await rooms.get(stored.room.id)).version).toBe(stored.room.version); // the copy here caught up
    });

    it("a token that holds no seat in the database either is answered as such; tokens that hold seats cost no read", async () => {
      const token = newToken();
      const stored = { room: claimSeat(lobby(), 0, "Ann", hashToken(token), new Date(0)) };
      const { store, versionReads } = storeHolding(stored);
      const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
      expect(seatsIn(await watchWith(rooms, stored.room.id, [token]))).toEqual([0]);
      expect(versionReads).toEqual([]);
      expect(seatsIn(await watchWith(rooms, stored.room.id, [token, newToken()]))).toEqual([0, null]);
      expect(versionReads).toEqual([stored.room.id]);
    });

    it("a page that has seen a newer version than the copy here gets the room as stored (a spectator, no token)", async () => {
      const stored = { room: lobby() };
      const { store, versionReads } = storeHolding(stored);
      const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
      await rooms.get(stored.room.id);
      stored.room = { ...claimSeat(stored.room, 0, "Ann", hashToken(newToken()), new Date(0)), version: stored.room.version + 1 };
      const answer = await watchWith(rooms, stored.room.id, [], stored.room.version);
      expect((answer as { snapshot: { room: { version: number } } }).snapshot.room.version).toBe(stored.room.version);
      expect(versionReads).toEqual([stored.room.id]);
      await watchWith(rooms, stored.room.id, [], stored.room.version); // the copy is as new as the page's: no read
      expect(versionReads).toEqual([stored.room.id]);
    });

    it("with the database away as well, the copy here answers, but never calls a token it does not know seatless", async () => {
      const stored = { room: lobby() };
      const { store } = storeHolding(stored);
      (store as unknown as { version: () => Promise<number> }).version = () => Promise.reject(new Error("connection refused"));
      const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
      // The page would forget the token for good, and it may hold a seat another process gave it: ask again later.
      expect(await watchWith(rooms, stored.room.id, [newToken()])).toMatchObject({ ok: false, error: { code: "UNAVAILABLE" } });
      // A spectator who has seen a newer version gets the copy: nothing of theirs is at stake.
      expect((await watchWith(rooms, stored.room.id, [], stored.room.version + 1)) as object).toHaveProperty("snapshot");
    });

    it("a knownVersion that is not a version is refused, and nothing is read or watched", async () => {
      const stored = { room: lobby() };
      const { store, versionReads } = storeHolding(stored);
      const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
      for (const knownVersion of [-1, 1.5, 2 ** 31, "7"] as never[]) {
        const answer = (await watchWith(rooms, stored.room.id, [], knownVersion)) as { ok: boolean; error?: { code: string } };
        expect(answer).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
      }
      expect(versionReads).toEqual([]);
    });

    it("a lone server's copy is the room: no read", async () => {
      const stored = { room: lobby() };
      const { store, versionReads } = storeHolding(stored);
      const rooms = new RoomService(store, quietLog);
      expect(seatsIn(await watchWith(rooms, stored.room.id, [newToken()]))).toEqual([null]);
      expect(versionReads).toEqual([]);
    });
  });
});
