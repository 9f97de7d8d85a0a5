import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { GAMES } from "../../shared/games/registry";
import { DEFAULT_SETTINGS, openSeat, type RoomRecord, type SeatRecord } from "./record";
import { startRematch } from "./rematch";
import { nobodyConnected, publicSeats } from "./publicRoom";
import { colourOf, tableOf, withColours } from "./table";
import { claimSeat, configureSeat, newRoom, startGame } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const now = new Date(0);
/** Qwirkle as if its game were over, so that "play again" may start the next one. */
const over = { ...qwirkle, outcome: () => ({ finished: true, scores: [0, 0, 0], winners: [0], ranks: [1, 1, 1] }) };

const human = (nickname: string, colour?: number): SeatRecord => ({ ...openSeat, kind: "human", nickname, tokenHash: `hash-${nickname}`, ...(colour === undefined ? {} : { colour }) });

/** The colour each player has in the public seats, by nickname. */
const colours = (room: RoomRecord): Record<string, number> =>
  Object.fromEntries(publicSeats(room, nobodyConnected(now)).map((seat) => [seat.nickname ?? `#${seat.index}`, seat.colour]));

/** The next game of `room`, as "play again" opens it. */
const playAgain = (room: RoomRecord, nextId: string): RoomRecord => startRematch({ ...room, status: "finished" }, over, nextId, `seed-${nextId}`, now).next;

describe("a player's colour at the table", () => {
  it("is the lobby seat number, written down at the start so it survives the seats left open", () => {
    let room = newRoom("r1", qwirkle, { mode: "quick", board: "open" }, DEFAULT_SETTINGS, "creator", now);
    room = claimSeat(room, 0, "Ann", "ha", now);
    room = claimSeat(room, 2, "Bea", "hb", now);
    room = configureSeat(room, qwirkle, 3, "computer", "easy", now);
    expect(colours(room)).toMatchObject({ Ann: 0, Bea: 2 }); // the lobby: the seat number
    const started = startGame(configureSeat(room, qwirkle, 1, "closed", undefined, now), qwirkle, "seed", now);
    expect(started.seats.map((s) => s.nickname ?? s.bot)).toEqual(["Ann", "Bea", "Easy"]);
    expect(started.seats.map((s) => s.colour)).toEqual([0, 2, 3]); // Bea sits at 1 and stays colour 2
  });

  it("stays with each person over three games while the seats rotate", () => {
    let room = newRoom("r1", qwirkle, { mode: "quick", board: "open" }, DEFAULT_SETTINGS, "creator", now);
    room = claimSeat(claimSeat(claimSeat(room, 0, "Ann", "ha", now), 1, "Bea", "hb", now), 2, "Cid", "hc", now);
    const game1 = startGame(room, qwirkle, "seed", now);
    const game2 = playAgain(game1, "r2");
    const game3 = playAgain(game2, "r3");
    expect(game1.seats.map((s) => s.nickname)).toEqual(["Ann", "Bea", "Cid"]);
    expect(game2.seats.map((s) => s.nickname)).toEqual(["Bea", "Cid", "Ann"]);
    expect(game3.seats.map((s) => s.nickname)).toEqual(["Cid", "Ann", "Bea"]);
    for (const game of [game1, game2, game3]) expect(colours(game)).toEqual({ Ann: 0, Bea: 1, Cid: 2 });
    expect([game1, game2, game3].map(tableOf)).toEqual(["r1", "r1", "r1"]);
  });

  it("is given from the seat numbers to a room stored before colours were written down", () => {
    const old = startGame(claimSeat(claimSeat(newRoom("r1", qwirkle, { mode: "quick", board: "open" }, DEFAULT_SETTINGS, "creator", now), 0, "Ann", "ha", now), 1, "Bea", "hb", now), qwirkle, "seed", now);
    const stored: RoomRecord = { ...old, seats: old.seats.map(({ colour: _dropped, ...seat }) => seat) };
    expect(colours(stored)).toEqual({ Ann: 0, Bea: 1 });
    expect(colours(playAgain(stored, "r2"))).toEqual({ Ann: 0, Bea: 1 });
  });

  it("fills only the missing colours, never giving one twice", () => {
    const seats = [human("Ann"), human("Bea", 0), human("Cid"), human("Dan", 5)];
    expect(withColours(seats).map((s) => s.colour)).toEqual([1, 0, 2, 5]);
    const complete = withColours(seats);
    expect(withColours(complete)).toBe(complete); // nothing missing: the same array
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }), { maxLength: 8 }), (given) => {
        // Distinct given colours, as the server only ever stores.
        const seen = new Set<number>();
        const seats = given.map((colour, i) => human(`p${i}`, colour === undefined || seen.has(colour) ? undefined : (seen.add(colour), colour)));
        const out = withColours(seats).map((s, i) => colourOf(s, i));
        expect(new Set(out).size).toBe(out.length);
        seats.forEach((seat, i) => seat.colour !== undefined && expect(out[i]).toBe(seat.colour));
        expect(Math.max(-1, ...out)).toBeLessThan(Math.max(8, seats.length));
      }),
    );
  });
});
