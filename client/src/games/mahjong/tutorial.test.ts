import { describe, expect, it } from "vitest";
import { fieldTiles, hasFreePair, HIDDEN_BOARD, MAIN_BOARD, newBoard, shuffleStuck, STUCK_BOARD, tap, type TutorialBoard } from "./tutorial";

function play(board: TutorialBoard, ...ids: number[]): TutorialBoard {
  for (const id of ids) {
    const result = tap(board, id);
    if (result === null) throw new Error(`no tile ${id}`);
    board = result.board;
  }
  return board;
}
const freeIds = (board: TutorialBoard): number[] => fieldTiles(board).filter((t) => t.free).map((t) => t.id);

describe("the tutorial boards", () => {
  it("starts with the top tile, both left ends and the right tile free", () => {
    expect(freeIds(newBoard(MAIN_BOARD))).toEqual([0, 4, 8, 9]);
  });

  it("explains blocked tiles: covered by the top tile, or neighbours on both sides", () => {
    const board = newBoard(MAIN_BOARD);
    expect(tap(board, 1)?.event.kind).toBe("covered");
    expect(tap(board, 3)?.event.kind).toBe("sides"); // the right tile, half a row down, touches it
  });

  it("scores 10, 20, 40 for the three scripted pairs of one turn", () => {
    let board = play(newBoard(MAIN_BOARD), 9, 0);
    expect(board.score).toBe(10);
    board = play(board, 4, 8);
    expect(board.score).toBe(30);
    expect(freeIds(board)).toEqual([1, 3, 5, 7]);
    board = play(board, 1, 3);
    expect(board).toMatchObject({ score: 70, pairs: 3 });
    board = play(board, 5, 7, 2, 6);
    expect(board.tiles).toEqual([]);
  });

  it("a non-matching second tile becomes the selection", () => {
    const result = tap(play(newBoard(MAIN_BOARD), 9), 4);
    expect(result?.event.kind).toBe("switch");
    expect(result?.board.selected).toBe(4);
  });

  it("the stuck row has no free pair until its shuffle", () => {
    const board = newBoard(STUCK_BOARD);
    expect(hasFreePair(board)).toBe(false);
    expect(hasFreePair(shuffleStuck(board))).toBe(true);
  });

  it("hides faces on the hard demo except the selected tile", () => {
    const board = play(newBoard(HIDDEN_BOARD, true), 1);
    expect(fieldTiles(board).map((t) => t.family)).toEqual([null, "drum", null, null]);
    expect(play(board, 2).score).toBe(10);
  });
});
