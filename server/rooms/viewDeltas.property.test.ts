import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ErasedGame } from "../../shared/engine/erase";
import { randomGame } from "../../shared/engine/randomGame";
import { GAMES } from "../../shared/games/registry";
import { applyPush, type RoomPush, type RoomSnapshot, type ViewChanges } from "../../shared/protocol";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import type { Attendance } from "./publicRoom";
import { buildPush, buildSnapshot, sentOf, SnapshotParts, type SentToSocket, type Viewer } from "./snapshot";
import { claimSeat, newRoom, startGame } from "./transitions";
import { ViewTexts } from "./viewTexts";

const at = new Date(0);
const seatHash = (seat: number) => `${seat}`.padStart(64, "0");
const everyoneHere: Attendance = { connected: new Set([0, 1, 2, 3]), disconnectedSince: () => null };
/** As a client gets it: through JSON. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The room of a random game, with every seat claimed and the engine state replaced by each of `states` in turn. */
function roomsOf(game: ErasedGame, states: readonly unknown[]): RoomRecord[] {
  const seats = game.seatCounts.find((count) => count >= 2) ?? game.minSeats;
  let room = newRoom("r", game, game.optionsSchema.parse({}) as Record<string, unknown>, DEFAULT_SETTINGS, "c".padStart(64, "0"), at);
  for (let seat = 0; seat < seats; seat++) room = claimSeat(room, seat, `p${seat}`, seatHash(seat), at);
  const started = startGame(room, game, "seed", at);
  return states.map((state, i) => ({ ...started, state, version: started.version + i, moveNumber: i }));
}

/** Every kind of socket: one per seat, a spectator, and one holding two seats (one device, two players). */
const viewersOf = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, seat) => ({ seatTokenHashes: [seatHash(seat)], creatorTokenHash: null })),
  { seatTokenHashes: [], creatorTokenHash: null },
  { seatTokenHashes: [seatHash(0), seatHash(1)], creatorTokenHash: null },
];

const isChanges = (entry: RoomPush["views"][number]): entry is ViewChanges => "changed" in entry;

/** The same game without `viewParts`: the path for a game whose view is not split. */
const unsplit = (game: ErasedGame): ErasedGame => ({ ...game, id: game.id, viewParts: undefined });

describe("pushes carry each view as what changed, and the client's copy is the whole view", () => {
  for (const game of GAMES.flatMap((g) => [g, unsplit(g)])) {
    it(`${game.id}${game.viewParts ? "" : " (view not split)"}: after every push the client's views equal the seat's whole views, and no change carries what the seat may not see`, () => {
      let deltas = 0;
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { minLength: 5, maxLength: 30 }), fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), (seed, choices, misses) => {
          const rooms = roomsOf(game, randomGame(game, seed, choices).states);
          const first = rooms[0]!;
          const watchers = viewersOf(first.seats.length).map((viewer) => {
            const held = wire(buildSnapshot(first, game, viewer, everyoneHere, undefined, 0));
            return { viewer, held, sent: sentOf(held) as SentToSocket | null };
          });
          let previous = new SnapshotParts(first, game);
          for (const [step, room] of rooms.slice(1).entries()) {
            const parts = new SnapshotParts(room, game, previous);
            for (const [index, watcher] of watchers.entries()) {
              const { push: encoded, sent } = buildPush(room, game, watcher.viewer, everyoneHere, parts, 0, watcher.sent);
              const whole = wire(buildSnapshot(room, game, watcher.viewer, everyoneHere, undefined, 0));
              // One socket now and then misses a push (a dropped connection): it must never apply a later one wrongly.
              if (index === 0 && misses[step]) continue;
              const push = JSON.parse(encoded.text) as RoomPush;
              for (const entry of push.views.filter(isChanges)) {
                deltas++;
                const view = whole.views.find((v) => v.seat === entry.seat)?.view as Record<string, unknown> | undefined;
                expect(view, "a change for a seat whose view this socket does not get").toBeDefined();
                for (const [key, value] of Object.entries(entry.changed)) expect(value).toEqual(view![key]);
                for (const key of entry.removed ?? []) expect(view).not.toHaveProperty(key);
                expect(push.base).toBe(watcher.held.room.version);
                // Sent as changes only when shorter than the whole view's entry (worked out from lengths, ViewTexts.entry).
                expect(JSON.stringify(entry).length).toBeLessThan(JSON.stringify({ seat: entry.seat, view }).length);
              }
              const outcome = applyPush(watcher.held, push);
              if (outcome.kind !== "apply") {
                expect(outcome.kind).toBe("gap");
                // The client watches again: the whole snapshot, and pushes build on it from then on.
                watcher.held = whole;
                watcher.sent = sentOf(whole);
                continue;
              }
              expect(outcome.snapshot.views).toEqual(whole.views);
              // And the rest, which a push leaves out when the socket holds it (the log aside: a push carries only the new entries).
              expect({ ...outcome.snapshot, log: null }).toEqual({ ...whole, log: null });
              watcher.held = outcome.snapshot;
              watcher.sent = sent;
            }
            parts.keepForNextChange();
            previous = parts;
          }
        }),
        { numRuns: 12 },
      );
      expect(deltas).toBeGreaterThan(0);
    });
  }

  it("a change kept for the next one (its views let go, their members kept) gives that one the same pushes, and lends out no view", () => {
    for (const game of GAMES.flatMap((g) => [g, unsplit(g)])) {
      const rooms = roomsOf(game, randomGame(game, "kept", [3, 1, 4, 1, 5, 9, 2, 6]).states);
      const viewers = viewersOf(rooms[0]!.seats.length);
      for (let step = 1; step < rooms.length; step++) {
        const [before, room] = [rooms[step - 1]!, rooms[step]!];
        const held = viewers.map((viewer) => sentOf(wire(buildSnapshot(before, game, viewer, everyoneHere, undefined, 0))));
        const pushes = (base: SnapshotParts) => {
          const parts = new SnapshotParts(room, game, base);
          return viewers.map((viewer, i) => buildPush(room, game, viewer, everyoneHere, parts, 0, held[i]!).push.text);
        };
        const whole = new SnapshotParts(before, game);
        const kept = new SnapshotParts(before, game);
        // Broadcast `before` to one socket only: the other seats' members are worked out after the trim.
        buildPush(before, game, viewers[0]!, everyoneHere, kept, 0, null);
        kept.keepForNextChange();
        expect(pushes(kept), `${game.id}, step ${step}`).toEqual(pushes(whole));
        expect(() => kept.view(0)).toThrow(/let go/u);
      }
    }
  });

  it("a seat whose view did not change keeps the change before's members (nothing new kept for it); one whose view changed keeps new ones", () => {
    type Kept = { kept: readonly unknown[] };
    const slot = (seat: number | null) => (seat === null ? 0 : seat + 1); // ViewTexts' own order: the spectator first
    let unchanged = 0;
    let changed = 0;
    for (const game of GAMES.flatMap((g) => [g, unsplit(g)])) {
      const states = randomGame(game, "kept members", [1, 4, 1, 4, 2, 1, 3, 5]).states;
      const seats = [null, ...Array.from({ length: game.maxSeats }, (_, seat) => seat)];
      for (let step = 1; step < states.length; step++) {
        const base = new ViewTexts(states[step - 1], game);
        for (const seat of seats) base.entry(seat, false);
        const before = seats.map((seat) => base.text(seat));
        base.keepForNextChange();
        const next = new ViewTexts(states[step], game, base);
        for (const [i, seat] of seats.entries()) {
          next.entry(seat, true);
          const same = next.text(seat) === before[i];
          const [kept, baseKept] = [(next as unknown as Kept).kept[slot(seat)], (base as unknown as Kept).kept[slot(seat)]];
          if (game.viewParts) {
            // The own part alone is compared: with a shared part that changed, the whole text differs while the own part may not.
            if (same) expect(kept, `${game.id}, step ${step}, seat ${seat}`).toBe(baseKept);
          } else {
            expect(kept === baseKept, `${game.id}, step ${step}, seat ${seat}`).toBe(same);
          }
          if (kept === baseKept) unchanged++;
          else changed++;
        }
      }
    }
    expect(unchanged).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
  });

  it("the whole entry's length, worked out from its members' lengths, is its text's, every game and seat", () => {
    for (const game of GAMES.flatMap((g) => [g, unsplit(g)])) {
      for (const state of randomGame(game, "lengths", [2, 7, 1, 8, 2, 8]).states) {
        const texts = new ViewTexts(state, game);
        const seats = [null, ...Array.from({ length: game.maxSeats }, (_, seat) => seat)];
        for (const seat of seats) {
          const lengthOf = (texts as unknown as { wholeEntryLength(seat: number | null, view: unknown): number; seatView(seat: number | null): unknown });
          expect(lengthOf.wholeEntryLength(seat, lengthOf.seatView(seat)), `${game.id}, seat ${seat}`).toBe(texts.entry(seat, false).text.length);
        }
      }
    }
  });

  it("a push's views are whole for a socket that holds another version than the one before, and for one that was sent nothing", () => {
    const game = GAMES.find((g) => g.id === "whis")!;
    const rooms = roomsOf(game, randomGame(game, "s", [0, 1, 2, 3, 4, 5]).states);
    const viewer = viewersOf(2)[0]!;
    const base = new SnapshotParts(rooms[1]!, game);
    const parts = new SnapshotParts(rooms[2]!, game, base);
    const heldAtOne = sentOf(wire(buildSnapshot(rooms[1]!, game, viewer, everyoneHere, undefined, 0)));
    const heldAtZero = sentOf(wire(buildSnapshot(rooms[0]!, game, viewer, everyoneHere, undefined, 0)));
    const pushTo = (sent: SentToSocket | null) => JSON.parse(buildPush(rooms[2]!, game, viewer, everyoneHere, parts, 0, sent).push.text) as RoomPush;
    expect(pushTo(heldAtOne).views.some(isChanges)).toBe(true);
    expect(pushTo(heldAtOne).base).toBe(rooms[1]!.version);
    for (const sent of [heldAtZero, null]) {
      expect(pushTo(sent).views.some(isChanges)).toBe(false);
      expect(pushTo(sent)).not.toHaveProperty("base");
    }
  });
});
