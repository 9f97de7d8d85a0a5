import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { RoomService } from "./service";
import type { RoomStore } from "./store";
import { StaleWriteError } from "./store";
import { claimSeat, newRoom } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const base = newRoom("r1", qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date(0));
const at = (version: number): RoomRecord => ({ ...base, version });

/** A store holding one room whose stored version the test moves; `load` can be held back to race it. */
function fakeStore(stored: { room: RoomRecord }, hold?: Promise<void>) {
  let loads = 0;
  const store = {
    deadline: () => null, // no bound: nothing here waits on a database
    load: async () => {
      loads++;
      const seen = stored.room; // what the database answers at the moment the query runs
      if (hold && loads === 1) await hold;
      return seen;
    },
    version: async () => stored.room.version,
    versions: async (ids: readonly string[]) => new Map(ids.filter((id) => id === stored.room.id).map((id) => [id, stored.room.version])),
  } as unknown as RoomStore;
  return { store, loads: () => loads };
}

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

describe("RoomService: changes committed by other processes", () => {
  it("takes the next version as it comes and tells the broadcasters", async () => {
    const stored = { room: at(3) };
    const rooms = new RoomService(fakeStore(stored).store, quietLog, () => new Date(0), GAMES, true);
    await rooms.get("r1");
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    rooms.receiveRemote(at(4));
    rooms.receiveRemote(at(4)); // the same news twice
    rooms.receiveRemote(at(2)); // older news
    expect(heard).toEqual([4]);
    expect((await rooms.get("r1")).version).toBe(4);
  });

  it("reloads from the database when news skips a version (an earlier message is still on its way)", async () => {
    const stored = { room: at(3) };
    const { store, loads } = fakeStore(stored);
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
    await rooms.get("r1");
    stored.room = at(6);
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    rooms.receiveRemote(at(6));
    await new Promise((r) => setTimeout(r, 0));
    expect(loads()).toBe(2);
    expect(heard).toEqual([6]);
    rooms.receiveRemote(at(5)); // the overtaken message arrives at last: ignored
    expect(heard).toEqual([6]);
  });

  it("reads a room it does not hold but its sockets watch (a lobby let go of), and tells them", async () => {
    const stored = { room: at(5) };
    const { store, loads } = fakeStore(stored);
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
    rooms.watchedBy({ watches: (roomId) => roomId === "r1", rooms: () => ["r1"] });
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    rooms.receiveRemote(at(5));
    await new Promise((r) => setTimeout(r, 0));
    expect(loads()).toBe(1);
    expect(heard).toEqual([5]);
    expect((await rooms.get("r1")).version).toBe(5); // held from now on
  });

  it("after a Redis outage, re-reads the rooms its sockets watch but it let go of, and tells the broadcasters", async () => {
    const stored = { room: at(7) };
    const { store, loads } = fakeStore(stored);
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
    rooms.watchedBy({ watches: (roomId) => roomId === "r1", rooms: () => ["r1"] });
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    expect(await rooms.resync()).toBe(1);
    expect(loads()).toBe(1);
    expect(heard).toEqual([7]);
    expect(await rooms.resync()).toBe(0); // held now, and not behind
  });

  it("ignores rooms it does not hold", () => {
    const rooms = new RoomService(fakeStore({ room: at(1) }).store, quietLog, () => new Date(0), GAMES, true);
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    rooms.receiveRemote(at(2));
    expect(heard).toEqual([]);
  });

  it("reads again when a change is announced while the room is being read", async () => {
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const stored = { room: at(3) };
    const { store, loads } = fakeStore(stored, hold);
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
    const reading = rooms.get("r1"); // the first read sees version 3 but is slow to answer
    await new Promise((r) => setTimeout(r, 0));
    stored.room = at(4);
    rooms.receiveRemote(at(4)); // announced meanwhile: nothing cached yet
    release();
    expect((await reading).version).toBe(4);
    expect(loads()).toBe(2);
  });

  it("after a Redis outage, re-reads the rooms it holds that moved on meanwhile and tells the broadcasters", async () => {
    const stored = { room: at(3) };
    const { store, loads } = fakeStore(stored);
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
    await rooms.get("r1");
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    expect(await rooms.resync()).toBe(0); // nothing moved on
    stored.room = at(7); // changes announced while Redis was away never arrived
    expect(await rooms.resync()).toBe(1);
    expect(heard).toEqual([7]);
    expect((await rooms.get("r1")).version).toBe(7);
    expect(loads()).toBe(2);
  });

  it("tells its sockets of a room another writer changed, found by a stale write, even when the change then decides nothing", async () => {
    // Another process wrote version 4 and died before announcing it: this one still holds version 3.
    const stored = { room: at(3) };
    const { store } = fakeStore(stored);
    (store as unknown as { save: (next: RoomRecord) => Promise<void> }).save = async (next) => {
      if (next.version !== stored.room.version + 1) throw new StaleWriteError(next.id);
      stored.room = next;
    };
    const rooms = new RoomService(store, quietLog, () => new Date(0), GAMES, true);
    await rooms.get("r1");
    stored.room = { ...claimSeat(at(3), 0, "Bob", "bob-token-hash", new Date(0)), version: 4 };
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    await expect(rooms.claimSeat("r1", 0, "Ann")).rejects.toMatchObject({ code: "SEAT_TAKEN" });
    expect(heard).toEqual([4]); // the sockets here see Bob seated, not the lobby as it was
  });

  it("tells its sockets of a room it took over whose last writer died before announcing its change", async () => {
    const stored = { room: at(3) };
    const rooms = new RoomService(fakeStore(stored).store, quietLog, () => new Date(0), GAMES, true);
    await rooms.get("r1");
    const heard: number[] = [];
    rooms.onRemoteChange((room) => heard.push(room.version));
    stored.room = at(4); // written by the process that died, never announced
    expect((await rooms.takenOver("r1")).version).toBe(4);
    expect(heard).toEqual([4]);
    expect((await rooms.takenOver("r1")).version).toBe(4); // taken over again, nothing new: nothing told
    expect(heard).toEqual([4]);
    rooms.forget("r1"); // no copy held (a read that failed at the sweep before): told all the same
    expect((await rooms.takenOver("r1")).version).toBe(4);
    expect(heard).toEqual([4, 4]);
  });
});

