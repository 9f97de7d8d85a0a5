import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { askRematch, mayStartRematch, startRematch } from "./rematch";
import { claimSeat, configureSeat, newRoom, startGame } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const now = new Date(0);

/** A finished three-seat room (two humans, a computer) as Qwirkle would leave it, seat 2 the winner. */
function finishedRoom(): RoomRecord {
  let room = newRoom("r1", qwirkle, { mode: "quick", board: "open" }, { ...DEFAULT_SETTINGS, chatMutedSeats: [] }, "creator", now);
  room = claimSeat(room, 0, "Alice", "hash-a", now);
  room = claimSeat(room, 1, "Bob", "hash-b", now);
  room = configureSeat(room, qwirkle, 2, "computer", "easy", now);
  room = startGame(room, qwirkle, "seed", now);
  const game = { ...qwirkle, outcome: () => ({ finished: true, scores: [1, 2, 3], winners: [2], ranks: [3, 2, 1] }) };
  room = { ...room, status: "finished", seats: room.seats.map((s, i) => (i === 0 ? { ...s, standIn: "easy", standInForOneTurn: false, missedTurns: 3 } : s)), settings: { ...room.settings, chatMutedSeats: [0] } };
  return Object.assign(room, { game });
}

describe("chat mutes and seat numbers", () => {
  it("follow a muted player to their seat number at the start, and leave with a player removed in the lobby", () => {
    let room = newRoom("r1", qwirkle, { mode: "quick", board: "open" }, DEFAULT_SETTINGS, "creator", now);
    room = claimSeat(room, 0, "Ann", "ha", now);
    room = claimSeat(room, 2, "Bea", "hb", now);
    room = claimSeat(room, 3, "Cid", "hc", now);
    room = { ...room, settings: { ...room.settings, chatMutedSeats: [2, 3] } };
    const freed = configureSeat(room, qwirkle, 3, "open", undefined, now); // Cid removed from the lobby
    expect(freed.settings.chatMutedSeats).toEqual([2]);
    const started = startGame(configureSeat(room, qwirkle, 1, "closed", undefined, now), qwirkle, "seed", now);
    expect(started.seats.map((s) => s.nickname)).toEqual(["Ann", "Bea", "Cid"]);
    expect(started.settings.chatMutedSeats).toEqual([1, 2]); // Bea and Cid, at their new numbers
  });
});

describe("a game whose human moves first (Halma's seed: « Le joueur humain joue toujours en premier »)", () => {
  const halma = GAMES.find((game) => game.id === "halma")!;
  /** A Halma table: the computer put at seat 0 by the host, the human at seat 1, seat 1 muted by the host. */
  function started(): RoomRecord {
    let room = newRoom("h1", halma, {}, DEFAULT_SETTINGS, "creator", now);
    room = configureSeat(room, halma, 0, "computer", "easy", now);
    room = claimSeat(room, 1, "Ann", "hash-a", now);
    room = { ...room, settings: { ...room.settings, chatMutedSeats: [1] } };
    return startGame(room, halma, "seed", now);
  }

  it("starts with the human at seat 0, who moves first; the seats keep their colours and mutes", () => {
    const room = started();
    expect(room.seats.map((s) => s.kind)).toEqual(["human", "computer"]);
    expect(halma.currentSeats(room.state)).toEqual([0]);
    expect(room.seats.map((s) => s.colour)).toEqual([1, 0]); // the lobby's seat numbers
    expect(room.settings.chatMutedSeats).toEqual([0]);
  });

  it("keeps the human first at every 'play again' (the seats do not rotate the computer to seat 0)", () => {
    const finished = { ...started(), status: "finished" as const };
    const game = { ...halma, outcome: () => ({ finished: true, scores: [1, 0], winners: [0], ranks: [1, 2] }) };
    const { next } = startRematch(finished, game, "h2", "seed-2", now);
    expect(next.seats.map((s) => s.kind)).toEqual(["human", "computer"]);
    expect(next.series.winsBefore).toEqual([1, 0]);
    expect(next.settings.chatMutedSeats).toEqual([0]);
  });

  it("rotates as any game between humans (2 humans and 2 computers: the next human in turn moves first)", () => {
    let room = newRoom("h3", halma, {}, DEFAULT_SETTINGS, "creator", now);
    room = claimSeat(room, 0, "Ann", "hash-a", now);
    room = configureSeat(room, halma, 1, "computer", "easy", now);
    room = claimSeat(room, 2, "Bob", "hash-b", now);
    room = configureSeat(room, halma, 3, "computer", "easy", now);
    const finished = { ...startGame(room, halma, "seed", now), status: "finished" as const };
    const game = { ...halma, outcome: () => ({ finished: true, scores: [0, 0, 0, 0], winners: [0], ranks: [1, 2, 3, 4] }) };
    expect(startRematch(finished, game, "h4", "seed-2", now).next.seats.map((s) => (s.kind === "human" ? s.tokenHash : s.kind))).toEqual(["hash-b", "computer", "hash-a", "computer"]);
  });
});

describe("play again", () => {
  it("rotates the seats with their tokens, counts the winners and keeps options and settings", () => {
    const room = finishedRoom();
    const game = (room as unknown as { game: typeof qwirkle }).game;
    const withWins = { ...room, series: { ...room.series, number: 3, winsBefore: [1, 0, 1] } };
    const { finished, next } = startRematch(withWins, game, "r2", "seed-2", now);
    expect(finished.series.nextRoomId).toBe("r2");
    expect(finished.version).toBe(room.version + 1);
    expect(next.seats.map((s) => [s.kind, s.tokenHash ?? s.bot, s.standIn])).toEqual([
      ["human", "hash-b", null],
      ["computer", "easy", null],
      ["human", "hash-a", null], // Alice's stand-in stayed with the old game
    ]);
    expect(next.series).toEqual({ number: 4, tableId: "r1", previousRoomId: "r1", nextRoomId: null, rematchAsks: [], winsBefore: [0, 2, 1] });
    expect(next.seats.map((s) => s.missedTurns ?? 0)).toEqual([0, 0, 0]); // Alice's missed turns stayed with the old game too
    expect(next.settings.chatMutedSeats).toEqual([2]); // Alice stays muted at her new seat
    expect(next).toMatchObject({ status: "playing", options: room.options, creatorTokenHash: "creator", moveNumber: 0, version: 0, seed: "seed-2" });
    // Away time in the next game counts from its start, not from the previous game's.
    const later = new Date(3_600_000);
    const { next: again } = startRematch(withWins, game, "r3", "seed-3", later);
    expect(again.seats.filter((s) => s.kind === "human").map((s) => s.expectedSince)).toEqual([later.getTime(), later.getTime()]);
  });

  it("records each ask once", () => {
    const room = finishedRoom();
    const asked = askRematch(askRematch(room, 1, now), 1, now);
    expect(asked.series.rematchAsks).toEqual([1]);
    expect(asked.version).toBe(room.version + 1);
  });

  it("is started by the creator, or by the first connected human while the creator is away", () => {
    const room = finishedRoom();
    expect(mayStartRematch(room, { seat: null, creator: true }, true, new Set())).toBe(true);
    expect(mayStartRematch(room, { seat: 0, creator: false }, true, new Set([0, 1]))).toBe(false);
    expect(mayStartRematch(room, { seat: 0, creator: false }, false, new Set([0, 1]))).toBe(true);
    expect(mayStartRematch(room, { seat: 1, creator: false }, false, new Set([0, 1]))).toBe(false);
    expect(mayStartRematch(room, { seat: 1, creator: false }, false, new Set([1]))).toBe(true);
  });
});
