import { beforeEach, describe, expect, it } from "vitest";
import { stubStorage } from "../lib/storageTestkit";
import { addSeatToken, listStoredRooms, loadCreatorToken, loadSeatTokens, saveCreatorToken, saveRoomCopies } from "../lib/storage";
import { carryTableTokens, dropProfileTokens, noteProfileTokens } from "./profileTokens";

let store = new Map<string, string>();

beforeEach(() => {
  store = stubStorage();
});

describe("the tokens a profile brought to a device", () => {
  it("go at the sign-out, with the copies drawn with them; the device's own seats and creator tokens stay", () => {
    addSeatToken("own", "guest-seat"); // taken on this device
    saveCreatorToken("own", "guest-creator");
    // Another device's, then stored here; "guest-seat" again in the next game of its table, a room this device never opened.
    noteProfileTokens([
      { roomId: "alices", token: "alice-seat" },
      { roomId: "alices", token: "alice-creator" },
      { roomId: "shared", token: "alice-other" },
      { roomId: "own-next", token: "guest-seat" },
    ]);
    addSeatToken("alices", "alice-seat");
    saveCreatorToken("alices", "alice-creator");
    addSeatToken("shared", "guest-seat-2");
    addSeatToken("shared", "alice-other"); // a room where both hold a seat
    addSeatToken("own-next", "guest-seat");
    saveRoomCopies(JSON.stringify([{ roomId: "alices", tokens: ["alice-seat"] }, { roomId: "own", tokens: ["guest-seat"] }]));

    dropProfileTokens();

    expect(listStoredRooms().map((room) => room.roomId).sort()).toEqual(["own", "shared"]);
    expect(loadSeatTokens("own")).toEqual(["guest-seat"]); // the same token, given back in the other room only
    expect(loadCreatorToken("own")).toBe("guest-creator");
    expect(loadCreatorToken("alices")).toBeNull();
    expect(loadSeatTokens("shared")).toEqual(["guest-seat-2"]);
    expect(JSON.parse(store.get("tablee:room-copies")!)).toEqual([{ roomId: "own", tokens: ["guest-seat"] }]);
    expect(store.has("tablee:profile-tokens")).toBe(false);
  });

  it("follow the table to its next game ('play again'), and go from both games at the sign-out", () => {
    addSeatToken("game-1", "own-seat"); // this device's own seat at the table
    noteProfileTokens([{ roomId: "game-1", token: "alice-seat" }]);
    addSeatToken("game-1", "alice-seat"); // the profile's (its other device's seat)
    carryTableTokens("game-1", "game-2");
    expect(loadSeatTokens("game-2")).toEqual(["own-seat", "alice-seat"]);
    dropProfileTokens();
    expect(loadSeatTokens("game-1")).toEqual(["own-seat"]);
    expect(loadSeatTokens("game-2")).toEqual(["own-seat"]);
  });

  it("notes each token once, and gives them all back", () => {
    noteProfileTokens([{ roomId: "r", token: "a" }]);
    noteProfileTokens([{ roomId: "r", token: "b" }, { roomId: "r", token: "a" }]);
    expect(JSON.parse(store.get("tablee:profile-tokens")!)).toEqual(["r a", "r b"]);
    addSeatToken("r", "a");
    addSeatToken("r", "b");
    dropProfileTokens();
    expect(listStoredRooms()).toEqual([]);
  });
});
