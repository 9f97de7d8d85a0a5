import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { applyPush, type RoomPush, type RoomSnapshot } from "../../shared/protocol";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { publicRoom, roomRevisionOf, type Attendance } from "./publicRoom";
import { buildPush, buildSnapshot, seatsOfViewer, sentOf, SnapshotParts, type SentToSocket, type Viewer } from "./snapshot";
import { changeSettings, claimSeat, newRoom, playMove, startGame } from "./transitions";

const at = new Date(0);
const everyoneHere = (seats: number): Attendance => ({ connected: new Set(Array.from({ length: seats }, (_, i) => i)), disconnectedSince: () => null });
const seatHash = (seat: number) => `${seat}`.padStart(64, "0");
/** As a client gets it: through JSON. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A started room of `game` with its smallest table, every seat claimed by a human. */
function startedRoom(gameId: string): RoomRecord {
  const game = GAMES.find((g) => g.id === gameId)!;
  let room = newRoom(`room-${gameId}`, game, game.optionsSchema.parse({}) as Record<string, unknown>, DEFAULT_SETTINGS, "creator".padStart(64, "0"), at);
  for (let seat = 0; seat < game.minSeats; seat++) room = claimSeat(room, seat, `p${seat}`, seatHash(seat), at);
  return startGame(room, game, "seed", at);
}

/** A socket's life: the watch answer, then a push after each change, rebuilt as the client does. */
class Watcher {
  held: RoomSnapshot;
  sent: SentToSocket;
  readonly pushes: object[] = [];
  constructor(
    room: RoomRecord,
    readonly viewer: Viewer,
    attendance: Attendance,
  ) {
    const game = GAMES.find((g) => g.id === room.gameId)!;
    this.held = wire(buildSnapshot(room, game, viewer, attendance));
    this.sent = sentOf(this.held);
  }
  receive(room: RoomRecord, attendance: Attendance, now = 0): RoomSnapshot {
    const game = GAMES.find((g) => g.id === room.gameId)!;
    const { push: encoded, sent } = buildPush(room, game, this.viewer, attendance, new SnapshotParts(room, game), now, this.sent);
    const push = JSON.parse(encoded.text) as RoomPush; // the text socket.io sends as is
    this.pushes.push(push);
    const outcome = applyPush(this.held, push);
    if (outcome.kind !== "apply") throw new Error(`push not applicable: ${outcome.kind}`);
    this.held = outcome.snapshot;
    this.sent = sent;
    return outcome.snapshot;
  }
}

describe("pushes: what a socket was sent is left out, and the client rebuilds the whole snapshot", () => {
  it.each(GAMES.flatMap((g) => [false, true].map((hints) => [g.id, hints] as const)))("%s (hints %s): a push applied to what the client holds equals the whole snapshot, move after move", (gameId, hints) => {
    const game = GAMES.find((g) => g.id === gameId)!;
    let room = changeSettings(startedRoom(gameId), { hints }, at);
    const seats = room.seats.length;
    const attendance = everyoneHere(seats);
    const watchers = [...Array.from({ length: seats }, (_, seat) => ({ seatTokenHashes: [seatHash(seat)], creatorTokenHash: null })), { seatTokenHashes: [], creatorTokenHash: null }].map(
      (viewer) => new Watcher(room, viewer, attendance),
    );
    for (let turn = 0; turn < 40 && room.status === "playing"; turn++) {
      const seat = game.currentSeats(room.state)[0]!;
      const legal = game.legalMoves(room.state, seat);
      room = playMove(room, game, seat, legal[(turn * 7) % legal.length], at).room;
      for (const watcher of watchers) {
        const rebuilt = watcher.receive(room, attendance);
        const whole = wire(buildSnapshot(room, game, watcher.viewer, attendance));
        expect(rebuilt).toEqual({ ...whole, log: whole.log.filter((e) => e.moveNumber > 0) });
      }
    }
    // While the game goes on, the room part and `you` do not change: those pushes carry a stamp, not
    // the room (the push that ends the game carries the room: its status changed).
    const duringPlay = watchers.flatMap((w) => w.pushes.slice(0, room.status === "playing" ? undefined : -1));
    expect(duringPlay.length).toBeGreaterThan(0);
    if (hints) expect(duringPlay.some((push) => ((push as RoomPush).hints ?? []).length > 0)).toBe(true);
    for (const push of duringPlay) {
      expect(push).not.toHaveProperty("you");
      expect(Object.keys((push as RoomSnapshot).room).sort()).toEqual(["id", "moveNumber", "version"]);
    }
  });

  it("a move's push is the whole snapshot less its room part and `you` (Qwirkle, 4 players)", () => {
    const game = GAMES.find((g) => g.id === "qwirkle")!;
    let room = startedRoom("qwirkle");
    const attendance = everyoneHere(room.seats.length);
    const watcher = new Watcher(room, { seatTokenHashes: [seatHash(1)], creatorTokenHash: null }, attendance);
    const seat = game.currentSeats(room.state)[0]!;
    room = playMove(room, game, seat, game.legalMoves(room.state, seat)[0], at).room;
    watcher.receive(room, attendance);
    const snapshot = buildSnapshot(room, game, watcher.viewer, attendance, undefined, 0);
    const whole = { ...snapshot, log: snapshot.log.filter((entry) => entry.moveNumber > room.moveNumber - 1) };
    const saved = JSON.stringify(whole).length - JSON.stringify(watcher.pushes[0]).length;
    expect(saved).toBeGreaterThan(JSON.stringify(whole.room).length + JSON.stringify(whole.you).length - 80);
  });

  it("the whole room part when it changed: a seat going away, then coming back", () => {
    const room = startedRoom("halma");
    const watcher = new Watcher(room, { seatTokenHashes: [seatHash(0)], creatorTokenHash: null }, everyoneHere(2));
    const away: Attendance = { connected: new Set([0]), disconnectedSince: () => new Date(0) };
    const seen = watcher.receive(room, away, 5_000);
    expect(watcher.pushes[0]).toHaveProperty("room.seats");
    expect(seen.room.seats[1]).toMatchObject({ connected: false, awayMs: 5_000 });
    expect(watcher.receive(room, everyoneHere(2)).room.seats[1]).toMatchObject({ connected: true, awayMs: null });
    expect(watcher.pushes[1]).toHaveProperty("room.seats");
  });

  it("the whole room part after a change of settings, then a stamp again", () => {
    const game = GAMES.find((g) => g.id === "whis")!;
    let room = startedRoom("whis");
    const attendance = everyoneHere(room.seats.length);
    const watcher = new Watcher(room, { seatTokenHashes: [seatHash(0)], creatorTokenHash: null }, attendance);
    room = changeSettings(room, { botSpeed: "fast" }, at);
    expect(watcher.receive(room, attendance).room.settings.botSpeed).toBe("fast");
    expect(watcher.pushes[0]).toHaveProperty("room.settings");
    const seat = game.currentSeats(room.state)[0]!;
    room = playMove(room, game, seat, game.legalMoves(room.state, seat)[0], at).room;
    expect(watcher.receive(room, attendance).room.settings.botSpeed).toBe("fast");
    expect(watcher.pushes[1]).not.toHaveProperty("room.settings");
  });

  it("`you` again when the seats a socket holds change, and everything for a socket that holds nothing", () => {
    const game = GAMES.find((g) => g.id === "halma")!;
    let room = newRoom("r", game, game.optionsSchema.parse({}) as Record<string, unknown>, DEFAULT_SETTINGS, "c".padStart(64, "0"), at);
    const viewer = { seatTokenHashes: [seatHash(1)], creatorTokenHash: null };
    const watcher = new Watcher(room, viewer, everyoneHere(0));
    expect(watcher.held.you.seats).toEqual([null]);
    room = claimSeat(room, 1, "p1", seatHash(1), at);
    expect(watcher.receive(room, everyoneHere(0)).you.seats).toEqual([1]);
    expect(watcher.pushes[0]).toHaveProperty("you");
    const fresh = buildPush(room, game, viewer, everyoneHere(0), new SnapshotParts(room, game), 0, null).push;
    // Whole: what it leaves out is only what is empty (no log, clocks or hints yet).
    expect(applyPush(null, wire(fresh.toJSON()))).toEqual({ kind: "apply", snapshot: wire(buildSnapshot(room, game, viewer, everyoneHere(0))), logGap: false });
    expect(fresh.toJSON()).toHaveProperty("currentSeats");
    expect(fresh.toJSON()).toHaveProperty("outcome");
    const otherRoom = buildPush(room, game, viewer, everyoneHere(0), new SnapshotParts(room, game), 0, { ...watcher.sent, roomId: "elsewhere" }).push;
    expect(otherRoom.toJSON()).toHaveProperty("room.seats");
    expect(otherRoom.toJSON()).toHaveProperty("you");
  });

  it("a socket holding the change before gets no unchanged outcome, and no idle clocks nor empty hints (Qwirkle exchange)", () => {
    const game = GAMES.find((g) => g.id === "qwirkle")!;
    const before = startedRoom("qwirkle");
    const viewer = { seatTokenHashes: [seatHash(1)], creatorTokenHash: null };
    const held = wire(buildSnapshot(before, game, viewer, everyoneHere(2)));
    const seat = game.currentSeats(before.state)[0]!;
    const hand = (game.view(before.state, seat) as { hand: unknown[] }).hand;
    const after = playMove(before, game, seat, { type: "exchange", tiles: [hand[0]] }, at).room;
    const parts = new SnapshotParts(after, game, new SnapshotParts(before, game));
    const push = JSON.parse(buildPush(after, game, viewer, everyoneHere(2), parts, 0, sentOf(held)).push.text) as RoomPush;
    expect(push.base).toBe(before.version);
    expect(Object.keys(push).sort()).toEqual(["base", "currentSeats", "log", "room", "roomRevision", "views"]); // the scores did not change: no outcome
    const applied = applyPush(held, push);
    expect(applied.kind === "apply" && applied.snapshot).toEqual(wire(buildSnapshot(after, game, viewer, everyoneHere(2))));
    // A client that does not hold the base version cannot apply it: it watches again.
    expect(applyPush({ ...held, room: { ...held.room, version: before.version - 1 } }, push).kind).toBe("gap");
    expect(applyPush(null, push).kind).toBe("gap");
  });

  it("the revision a push carries, worked out without building the room part, is the built room part's", () => {
    const game = GAMES.find((g) => g.id === "qwirkle")!;
    let room = startedRoom("qwirkle");
    const away = (since: number): Attendance => ({ connected: new Set([0]), disconnectedSince: (seat) => new Date(since + seat) });
    const cases: [Attendance, number][] = [[everyoneHere(2), 0], [away(1000), 5000], [away(1000), 6000], [away(2000), 6000], [everyoneHere(2), 7000]];
    const revisions = new Set<string>();
    for (let round = 0; round < 2; round++) {
      for (const [attendance, now] of cases) {
        const revision = new SnapshotParts(room, game).revision(attendance, now);
        expect(revision).toBe(roomRevisionOf(publicRoom(room, attendance, now)));
        revisions.add(revision);
      }
      const seat = game.currentSeats(room.state)[0]!;
      room = playMove(room, game, seat, game.legalMoves(room.state, seat)[0], at).room; // same room part: same revisions
    }
    expect(revisions.size).toBe(4); // everyone here twice; away for 4 s, for 5 s, then for 4 s since another time
  });

  it("the seats a viewer holds are worked out again for a copy with a token more, on the same seats", () => {
    const room = startedRoom("qwirkle");
    const viewer: Viewer = { seatTokenHashes: [seatHash(0)], creatorTokenHash: null };
    expect(seatsOfViewer(room, viewer)).toEqual([0]);
    // As a socket that claims a seat or adds a token does: a copy of its watch, with what it held kept along.
    const more: Viewer = { ...viewer, seatTokenHashes: [...viewer.seatTokenHashes, seatHash(1)] };
    expect(seatsOfViewer(room, more)).toEqual([0, 1]);
    expect(seatsOfViewer(room, viewer)).toEqual([0]);
  });
});
