import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { DEFAULT_SETTINGS } from "../rooms/record";
import { claimSeat, newRoom, startGame } from "../rooms/transitions";
import { scoreRowsOf } from "./results";

const mahjong = GAMES.find((game) => game.id === "mahjong")!;

describe("score rows", () => {
  it("keep a score beyond the column's 32-bit integer at its limit (a whole medium board cleared in one turn by a script)", () => {
    let room = newRoom("m1", mahjong, { level: "medium" }, DEFAULT_SETTINGS, "creator", new Date(0));
    room = claimSeat(room, 0, "Ann", "hash-a", new Date(0));
    room = claimSeat(room, 1, "Bob", "hash-b", new Date(0));
    room = startGame(room, mahjong, "seed", new Date(0));
    const game = { ...mahjong, outcome: () => ({ finished: true, scores: [10 * (2 ** 28 - 1), -(2 ** 40)], winners: [0], ranks: [1, 2] }) };
    expect(scoreRowsOf(room, game, new Date(0)).map((row) => row.score)).toEqual([2_147_483_647, -2_147_483_647]);
  });
});
