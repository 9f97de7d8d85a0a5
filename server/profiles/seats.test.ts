import { describe, expect, it } from "vitest";
import { TableeError } from "../../shared/protocol";
import { GAMES } from "../../shared/games/registry";
import { DEFAULT_SETTINGS, type RoomRecord } from "../rooms/record";
import { hashToken, newToken } from "../rooms/tokens";
import { claimSeat, newRoom } from "../rooms/transitions";
import { heldTokens, lookupWith } from "./seats";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const now = new Date(0);

describe("the seats a device's tokens hold", () => {
  const token = newToken();
  const room = claimSeat(newRoom("held", qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, hashToken("creator"), now), 0, "Ann", hashToken(token), now);
  const failures: Record<string, TableeError> = {
    gone: new TableeError("ROOM_NOT_FOUND", "no room gone"),
    retired: new TableeError("UNKNOWN_GAME", "no game retired"),
    frozen: new TableeError("UNAVAILABLE", "the database did not answer"),
  };
  const get = async (roomId: string): Promise<RoomRecord> => {
    if (roomId === room.id) return room;
    throw failures[roomId]!;
  };

  it("keeps a seat's token and the creator's, leaves out made-up tokens, rooms gone and rooms of a game this build lacks", async () => {
    const rooms = [
      { roomId: "gone", seatTokens: [newToken()] },
      { roomId: "retired", seatTokens: [newToken()] },
      { roomId: room.id, seatTokens: [token, newToken()], creatorToken: "creator" },
    ];
    expect(await heldTokens(rooms, lookupWith(get))).toEqual([
      { roomId: room.id, token, creator: false },
      { roomId: room.id, token: "creator", creator: true },
    ]);
  });

  it("fails the whole request when the database does not answer (the device sends its tokens again later)", async () => {
    await expect(heldTokens([{ roomId: "frozen", seatTokens: [token] }], lookupWith(get))).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });
});
