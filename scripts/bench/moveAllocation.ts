/**
 * What Tablée's own code allocates per move, without sockets or a database: the move as the room
 * pass decides it (`playMove`: the move's schema, the engine, the new record) and the broadcast's
 * views and pushes for a room's four seats (`SnapshotParts`, `buildPush`), the same Qwirkle
 * one-tile exchanges bench:load plays, in 200 rooms at once.
 *
 *   npm run profile:move-allocation [-- [--profile FILE] [--retained]]   (node --expose-gc --max-semi-space-size=1024 --min-semi-space-size=1024 --import tsx …)
 *
 * A full collection runs before the measured moves, and the young generation is made larger than everything the measured moves allocate, so no collection
 * runs among them and the heap's growth is what they allocated (the run says so if one did).
 * `--profile FILE` also writes V8's sampling allocation profile of the measured moves (every object,
 * collected or not; open it in Chrome DevTools' Memory tab). A function inlined by the optimiser
 * counts as its caller's there: read the totals, not the split between a function and its callees.
 * bench:load's peak allocates about 70 KB a committed move in all (docs/perf.md): this shows which
 * part of that is the move and its pushes. `--retained` also shows what one move leaves alive until
 * the room's next move (see `retained`).
 *
 * With the optimising compilers the figures move by about ±1 KB between runs (what escape analysis
 * removes depends on when each function is optimised). To compare two builds' code, run both
 * without them (`node --expose-gc --no-opt --no-maglev …`, larger figures but repeatable to a few
 * tens of bytes).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { performance, PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { GAMES } from "../../shared/games/registry";
import type { Attendance } from "../../server/rooms/publicRoom";
import { DEFAULT_SETTINGS, type RoomRecord } from "../../server/rooms/record";
import { buildPush, buildSnapshot, sentOf, SnapshotParts, type SentToSocket, type Viewer } from "../../server/rooms/snapshot";
import { claimSeat, newRoom, playMove, startGame } from "../../server/rooms/transitions";

const { values } = parseArgs({ options: { profile: { type: "string" }, retained: { type: "boolean", default: false }, rooms: { type: "string", default: "200" }, rounds: { type: "string", default: "20" } } });
const ROOMS = Number(values.rooms);
const ROUNDS = Number(values.rounds);
const at = new Date(0);
const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const seatHash = (seat: number) => `${seat}`.padStart(64, "0");
const everyoneHere: Attendance = { connected: new Set([0, 1, 2, 3]), disconnectedSince: () => null };
/** One per socket, as the server's watches are (what a viewer holds is cached per viewer). */
const viewersOfTable = (): Viewer[] => [0, 1, 2, 3].map((seat) => ({ seatTokenHashes: [seatHash(seat)], creatorTokenHash: null }));

interface Table {
  room: RoomRecord;
  readonly viewers: readonly Viewer[];
  sent: SentToSocket[]; // what each seat's socket was last sent
  parts: SnapshotParts | null; // the last broadcast's, for the next one's deltas
}

const tables: Table[] = Array.from({ length: ROOMS }, (_, r) => {
  let room = newRoom(`room-${r}`, qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "creator".padStart(64, "0"), at);
  for (let seat = 0; seat < 4; seat++) room = claimSeat(room, seat, `Player ${seat}`, seatHash(seat), at);
  room = startGame(room, qwirkle, `seed-${r}`, at);
  const viewers = viewersOfTable();
  return { room, viewers, sent: viewers.map((viewer) => sentOf(buildSnapshot(room, qwirkle, viewer, everyoneHere))), parts: null };
});

let pushes = 0;
let pushChars = 0;
function move(table: Table, withPushes: boolean): void {
  const seat = qwirkle.currentSeats(table.room.state)[0]!;
  const hand = (qwirkle.view(table.room.state, seat) as { hand: unknown[] }).hand; // the load generator's choice, not measured apart
  table.room = playMove(table.room, qwirkle, seat, { type: "exchange", tiles: [hand[0]] }, at).room;
  if (!withPushes) return;
  const parts = new SnapshotParts(table.room, qwirkle, table.parts);
  for (const [i, viewer] of table.viewers.entries()) {
    const { push, sent } = buildPush(table.room, qwirkle, viewer, everyoneHere, parts, 1_000, table.sent[i]!);
    table.sent[i] = sent;
    pushes++;
    pushChars += push.text.length;
  }
  parts.keepForNextChange();
  table.parts = parts;
}

/** A full collection before measuring (`--expose-gc`, in the npm script). */
const collectAll = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const collections: number[] = []; // when each began (performance.now())
new PerformanceObserver((list) => collections.push(...list.getEntries().map((entry) => entry.startTime))).observe({ entryTypes: ["gc"] });
const session = new Session();
session.connect();

/** What the measured moves allocated per move (bytes) and took per move (µs, no collection among them). */
async function measure(withPushes: boolean): Promise<{ readonly bytes: number; readonly micros: number }> {
  for (let round = 0; round < 30; round++) for (const table of tables) move(table, withPushes); // warm: compiled, caches grown
  collectAll(); // the old generation's limit is not reached among the measured moves
  if (values.profile && withPushes) await session.post("HeapProfiler.startSampling", { samplingInterval: 64, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await new Promise((resolve) => setImmediate(resolve)); // collections so far are reported
  const start = performance.now();
  const before = process.memoryUsage().heapUsed;
  for (let round = 0; round < ROUNDS; round++) for (const table of tables) move(table, withPushes);
  const allocated = process.memoryUsage().heapUsed - before;
  const end = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 100)); // the observer is told of collections a little later
  if (collections.some((at) => at >= start && at <= end)) throw new Error("a collection ran among the measured moves: run with a larger --min-semi-space-size");
  // Stopping the profiler may collect: after the check.
  if (values.profile && withPushes) writeFileSync(values.profile, JSON.stringify((await session.post("HeapProfiler.stopSampling")).profile));
  return { bytes: allocated / (ROUNDS * ROOMS), micros: ((end - start) * 1000) / (ROUNDS * ROOMS) };
}

/**
 * What one move of every room leaves alive after a full collection: the room's new record, state and
 * view texts, which live until that room's next move. At bench:load's rates that is longer than the
 * time between scavenges, so this is what each move gives the scavenger to copy and the old
 * generation to hold. Sampled by V8's allocation profiler (live objects only), by where allocated.
 */
async function retained(): Promise<void> {
  collectAll();
  await session.post("HeapProfiler.startSampling", { samplingInterval: 32 });
  for (const table of tables) move(table, true);
  collectAll();
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: { head: SampledNode } };
  const bySite = new Map<string, number>();
  const walk = (node: SampledNode, caller: string) => {
    const site = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(/^.*\/(server|shared|scripts)\//u, "$1/")}`;
    if (node.selfSize > 0) bySite.set(`${site} < ${caller}`, (bySite.get(`${site} < ${caller}`) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, site);
  };
  walk(profile.head, "");
  const total = [...bySite.values()].reduce((sum, size) => sum + size, 0);
  console.log(`alive after a full collection, per move (the room's until its next move): ${Math.round(total / ROOMS)} B, by where it was allocated:`);
  for (const [site, size] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(Math.round(size / ROOMS)).padStart(6)} B  ${site}`);
}
interface SampledNode {
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly selfSize: number;
  readonly children: readonly SampledNode[];
}

const moveOnly = await measure(false);
const withPushes = await measure(true);
console.log(
  `allocated per move (${ROOMS} rooms × ${ROUNDS} moves, no collection among them): the move ${Math.round(moveOnly.bytes)} B; ` +
    `its views and four pushes ${Math.round(withPushes.bytes - moveOnly.bytes)} B (a push's text: ${Math.round(pushChars / pushes)} characters); together ${Math.round(withPushes.bytes)} B`,
);
// Time without collections and with the allocation counter's own cost: to compare two builds run back to back, not as bench:load's figures.
console.log(`time per move, the same moves: the move ${moveOnly.micros.toFixed(1)} µs; its views and four pushes ${(withPushes.micros - moveOnly.micros).toFixed(1)} µs`);
if (values.retained) await retained();
