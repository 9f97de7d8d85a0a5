import { describe, expect, it } from "vitest";
import { TableeError } from "../../shared/protocol";
import { eraseGame } from "../../shared/engine/erase";
import { qwirkle } from "../../shared/games/qwirkle";
import { DEFAULT_SETTINGS, type RoomRecord } from "../rooms/record";
import { hashToken } from "../rooms/tokens";
import { claimSeat, configureSeat, newRoom } from "../rooms/transitions";
import { freeSeatOf, heldSeatIn, joinTable, type JoinDeps } from "./join";

const game = eraseGame(qwirkle);
const now = new Date(0);
const lobby = () => newRoom("room-1", game, { mode: "quick" }, DEFAULT_SETTINGS, "creator", now);
const seated = (room: RoomRecord, seat: number, token: string) => claimSeat(room, seat, `P${seat}`, hashToken(token), now);

/** A room service of one room: claims go through the real transition, `race` seats someone else first. */
function fakeRooms(start: RoomRecord, race: readonly number[] = []): JoinDeps & { room: () => RoomRecord } {
  let room = start;
  const raced = new Set(race);
  return {
    room: () => room,
    get: async () => room,
    claim: async (_id, seat, nickname, seatToken) => {
      if (raced.delete(seat)) room = seated(room, seat, `racer-${seat}`);
      room = claimSeat(room, seat, nickname, hashToken(seatToken), now);
      return { seat, seatToken };
    },
    held: async () => [],
  };
}

describe("taking the seat one was invited to", () => {
  it("finds the first open seat of a room still gathering players, or none", () => {
    expect(freeSeatOf(lobby())).toBe(0);
    expect(freeSeatOf(seated(seated(lobby(), 0, "a"), 2, "b"))).toBe(1);
    let full = lobby();
    for (let seat = 0; seat < 4; seat++) full = seat === 3 ? configureSeat(full, game, seat, "closed", undefined, now) : seated(full, seat, `t${seat}`);
    expect(freeSeatOf(full)).toBeNull();
    expect(freeSeatOf({ ...lobby(), status: "playing" })).toBeNull();
  });

  it("knows a seat the profile already holds there", () => {
    const room = seated(lobby(), 2, "held-token");
    expect(heldSeatIn(room, [{ roomId: "room-1", seatTokens: ["other", "held-token"] }])).toEqual({ seat: 2, seatToken: "held-token" });
    expect(heldSeatIn(room, [{ roomId: "room-2", seatTokens: ["held-token"] }])).toBeNull();
  });

  it("takes the first open seat under the display name, moving on when someone sat there first", async () => {
    const rooms = fakeRooms(seated(lobby(), 0, "host"), [1]);
    expect(await joinTable("room-1", "Lou", "lou-token", rooms)).toEqual({ roomId: "room-1", seat: 2, seatToken: "lou-token" });
    expect(rooms.room().seats[2]?.nickname).toBe("Lou");
  });

  it("gives back the seat already held instead of taking another", async () => {
    const rooms = { ...fakeRooms(seated(lobby(), 3, "mine")), held: async () => [{ roomId: "room-1", seatTokens: ["mine"] }] };
    expect(await joinTable("room-1", "Lou", "lou-token", rooms)).toEqual({ roomId: "room-1", seat: 3, seatToken: "mine" });
  });

  it("says NO_FREE_SEAT when the table is full or playing", async () => {
    let full = lobby();
    for (let seat = 0; seat < 4; seat++) full = seated(full, seat, `t${seat}`);
    await expect(joinTable("room-1", "Lou", "lou-token", fakeRooms(full))).rejects.toThrow(new TableeError("NO_FREE_SEAT", "this table has no free seat"));
    await expect(joinTable("room-1", "Lou", "lou-token", fakeRooms({ ...lobby(), status: "playing" }))).rejects.toMatchObject({ code: "NO_FREE_SEAT" });
  });

  it("gives back the seat the profile's token took, from another of its devices, even if the profile's list does not have it yet", async () => {
    const rooms = fakeRooms(seated(lobby(), 1, "lou-token")); // the phone's claim landed; its note in the profile not yet
    expect(await joinTable("room-1", "Lou", "lou-token", rooms)).toEqual({ roomId: "room-1", seat: 1, seatToken: "lou-token" });
    expect(rooms.room().seats.filter((seat) => seat.kind === "human")).toHaveLength(1);
  });
});
