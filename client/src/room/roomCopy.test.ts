import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomSnapshot } from "../../../shared/protocol";
import { forgetRoomCopy, loadRoomCopy, ROOM_COPIES_KEPT, ROOM_COPIES_MAX_CHARS, RoomCopyKeeper, saveRoomCopy, type RoomCopy } from "./roomCopy";

const store = new Map<string, string>();
const snapshot = (roomId: string, version: number): RoomSnapshot => ({ room: { id: roomId, version } }) as unknown as RoomSnapshot;
const copyOf = (roomId: string, overrides: Partial<RoomCopy> = {}): RoomCopy => ({
  roomId,
  build: "/assets/index-A.js",
  tokens: ["t1", "t2"],
  receivedAt: 1_000,
  snapshot: snapshot(roomId, 3),
  game: null,
  ...overrides,
});

beforeEach(() => {
  store.clear();
  vi.stubGlobal("localStorage", { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a device's copy of a room", () => {
  it("is drawn only by the build that kept it, for the same seat tokens in the same order", () => {
    saveRoomCopy(copyOf("r1"));
    expect(loadRoomCopy("r1", ["t1", "t2"], "/assets/index-A.js")?.snapshot).toEqual(snapshot("r1", 3));
    expect(loadRoomCopy("r1", ["t1", "t2"], "/assets/index-B.js"), "another build").toBeNull();
    expect(loadRoomCopy("r1", ["t1"], "/assets/index-A.js"), "a seat left since").toBeNull();
    expect(loadRoomCopy("r1", ["t1", "t2", "t3"], "/assets/index-A.js"), "a seat taken since").toBeNull();
    expect(loadRoomCopy("r1", ["t2", "t1"], "/assets/index-A.js"), "tokens in another order (you.seats follows it)").toBeNull();
    expect(loadRoomCopy("r2", ["t1", "t2"], "/assets/index-A.js"), "another room").toBeNull();
  });

  it(`keeps the ${ROOM_COPIES_KEPT} rooms seen last, newest first, and forgets a room that is gone`, () => {
    for (let i = 0; i <= ROOM_COPIES_KEPT; i++) saveRoomCopy(copyOf(`r${i}`));
    saveRoomCopy(copyOf("r2", { snapshot: snapshot("r2", 9) }));
    const kept = JSON.parse(store.get("tablee:room-copies") ?? "[]") as RoomCopy[];
    expect(kept.map((c) => c.roomId)).toEqual(["r2", "r4", "r3", "r1"]);
    expect(loadRoomCopy("r2", ["t1", "t2"], "/assets/index-A.js")?.snapshot.room.version).toBe(9);
    forgetRoomCopy("r3");
    expect(loadRoomCopy("r3", ["t1", "t2"], "/assets/index-A.js")).toBeNull();
    expect(loadRoomCopy("r4", ["t1", "t2"], "/assets/index-A.js")).not.toBeNull();
  });

  it(`takes at most ${ROOM_COPIES_MAX_CHARS} characters of storage: older copies make way for a large one, one larger than that is not kept`, () => {
    const large = (roomId: string, chars: number) => copyOf(roomId, { snapshot: { ...snapshot(roomId, 3), log: ["x".repeat(chars)] } as unknown as RoomSnapshot });
    saveRoomCopy(large("r1", 300_000));
    saveRoomCopy(large("r2", 300_000));
    saveRoomCopy(large("r3", 300_000));
    saveRoomCopy(large("r4", 300_000));
    const stored = () => store.get("tablee:room-copies") ?? "[]";
    expect((JSON.parse(stored()) as RoomCopy[]).map((c) => c.roomId)).toEqual(["r4", "r3", "r2"]);
    expect(stored().length).toBeLessThanOrEqual(ROOM_COPIES_MAX_CHARS);
    saveRoomCopy(large("r5", ROOM_COPIES_MAX_CHARS));
    expect(JSON.parse(stored())).toEqual([]);
    saveRoomCopy(copyOf("r6"));
    expect(loadRoomCopy("r6", ["t1", "t2"], "/assets/index-A.js")).not.toBeNull();
  });

  it("reads nothing from storage that is not a list of copies", () => {
    store.set("tablee:room-copies", "{not json");
    expect(loadRoomCopy("r1", ["t1", "t2"], "/assets/index-A.js")).toBeNull();
    store.set("tablee:room-copies", JSON.stringify({ roomId: "r1" }));
    expect(loadRoomCopy("r1", ["t1", "t2"], "/assets/index-A.js")).toBeNull();
  });

  it("is written once for a burst of changes, at once when the page is hidden, and not after the room is gone", () => {
    vi.useFakeTimers();
    const listeners = new Map<string, () => void>();
    const doc = { visibilityState: "visible", addEventListener: (type: string, f: () => void) => listeners.set(type, f), removeEventListener: () => undefined };
    vi.stubGlobal("document", doc);
    const setItem = vi.spyOn(localStorage, "setItem");
    const keeper = new RoomCopyKeeper("/assets/index-A.js");
    for (let version = 1; version <= 5; version++) keeper.keep({ ...copyOf("r1", { snapshot: snapshot("r1", version) }) });
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(loadRoomCopy("r1", ["t1", "t2"], "/assets/index-A.js")?.snapshot.room.version).toBe(5);

    keeper.keep(copyOf("r1", { snapshot: snapshot("r1", 6) }));
    doc.visibilityState = "hidden";
    listeners.get("visibilitychange")?.();
    expect(loadRoomCopy("r1", ["t1", "t2"], "/assets/index-A.js")?.snapshot.room.version).toBe(6);

    keeper.keep(copyOf("r1", { snapshot: snapshot("r1", 7) }));
    keeper.discard();
    forgetRoomCopy("r1");
    keeper.stop();
    vi.advanceTimersByTime(1_000);
    expect(loadRoomCopy("r1", ["t1", "t2"], "/assets/index-A.js")).toBeNull();
  });
});
