import { beforeEach, describe, expect, it } from "vitest";
import { stubStorage } from "./storageTestkit";
import { addSeatToken, listStoredRooms, saveCreatorToken } from "./storage";

let store = new Map<string, string>();

beforeEach(() => {
  store = stubStorage();
});

describe("the rooms this device holds tokens for", () => {
  it("come newest last, in the order the device got their tokens (a request of the latest few hundred sends the new ones)", () => {
    addSeatToken("a", "seat-a");
    addSeatToken("b", "seat-b");
    saveCreatorToken("c", "creator-c");
    addSeatToken("a", "seat-a"); // held already: not news
    expect(listStoredRooms().map((room) => room.roomId)).toEqual(["a", "b", "c"]);
    addSeatToken("a", "seat-a-2"); // "play again" on this device, a friend's seat for pass-and-play…
    expect(listStoredRooms().map((room) => room.roomId)).toEqual(["b", "c", "a"]);
    saveCreatorToken("b", "creator-b");
    expect(listStoredRooms().map((room) => room.roomId)).toEqual(["c", "a", "b"]);
  });

  it("rooms stored before the order was kept count as the oldest", () => {
    store.set("tablee:seats:old", JSON.stringify(["seat-old"]));
    addSeatToken("new", "seat-new");
    store.set("tablee:seats:older", JSON.stringify(["seat-older"]));
    expect(listStoredRooms().map((room) => room.roomId)).toEqual(["old", "older", "new"]);
  });
});
