import { appendFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import type { QwirkleView } from "../../shared/games/qwirkle";
import type { ClientToServerEvents, RoomPush, ServerToClientEvents } from "../../shared/protocol";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * What a simulated player keeps of the room: enough to time moves and to play when its turn comes.
 * Not the whole snapshot a browser rebuilds from each push (`applyPush`, covered by unit tests):
 * 8,000 clients in this one process rebuilding and holding 8,000 snapshots made the generator's own
 * full collections stall it for 200-300 ms at a time, and those stalls counted as server latency.
 * Every push (a stamp or a whole room part) carries the version, move number, turn and own view;
 * a player keeps its hand from that view.
 */
interface Held {
  readonly version: number;
  readonly moveNumber: number;
  readonly turn: number | undefined;
  readonly hand: QwirkleView["hand"] | undefined;
}
/** The hand in a push: in the whole view, or among a view's changes (absent there when it did not change). */
function handIn(push: RoomPush, before: Held | null): QwirkleView["hand"] | undefined {
  const entry = push.views[0];
  if (entry === undefined) return undefined;
  if ("view" in entry) return (entry.view as QwirkleView | undefined)?.hand;
  return "hand" in entry.changed ? (entry.changed.hand as QwirkleView["hand"]) : before?.hand;
}
const heldOf = (push: RoomPush, before: Held | null): Held => ({
  version: push.room.version,
  moveNumber: push.room.moveNumber,
  turn: push.currentSeats === undefined ? before?.turn : push.currentSeats[0], // left out: unchanged
  hand: handIn(push, before), // only the hand is kept: less for its collector to carry
});

interface Seat {
  readonly socket: Client;
  readonly token: string;
  readonly seat: number;
  latest: Held | null;
}
export interface LoadRoom {
  readonly id: string;
  readonly seats: Seat[];
  readonly waiting: Map<number, { seen: Set<number>; done: () => void }>;
}

const ack = <T>(socket: Client, event: keyof ClientToServerEvents, payload: unknown): Promise<T> =>
  new Promise((resolve) => (socket.emit as (e: string, p: unknown, cb: (r: T) => void) => void)(event, payload, resolve));

export const percentile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** When a phase begins, as epoch milliseconds (`performance.timeOrigin + performance.now()`): the same instant in every thread. */
export type EpochMs = number;
export const epochNow = (): EpochMs => performance.timeOrigin + performance.now();

/** What an open-loop phase measured in one thread: each move's time from when it was due (ms), and the slow ones. */
export interface OfferedPart {
  readonly rtts: number[];
  readonly slow: SlowMove[];
}

/**
 * The simulated players of `bench:load` that one thread runs: rooms of 4 socket.io clients, one seat
 * each, spread over the server processes at `urls`. The same driver runs against Tablée and against
 * the floor server, so their figures compare like for like. A move is the mover's exchange of its first
 * tile; it is done when all 4 seats hold the snapshot with the new move number. Several threads share
 * the rooms (LoadGenerator, threads.ts): each room has its place `order` among all of them, which sets
 * its place in the phases' staggered schedules, and every thread's phase starts at the same epoch time.
 */
export class LoadDriver {
  readonly rooms: (LoadRoom & { readonly order: number })[] = [];
  /** Bytes of socket.io messages the players' sockets received (pushes and acks, as written on the wire). */
  receivedBytes = 0;

  constructor(private readonly urls: readonly string[]) {}

  /** Set-up, 20 rooms at a time: each created over HTTP, 4 sockets claiming a seat each, then started. `orders`: the rooms' places among all threads'. */
  async addRooms(orders: readonly number[]): Promise<void> {
    for (let i = 0; i < orders.length; i += 20) await Promise.all(orders.slice(i, i + 20).map((order) => this.addRoom(order)));
  }

  /** `rounds` moves of every room, one round after the other (code compiled, heaps grown). */
  async warm(rounds: number): Promise<void> {
    for (let round = 0; round < rounds; round++) await Promise.all(this.rooms.map((room) => this.moveOnce(room)));
  }

  /** One move of `room`; resolves with the time (ms) from `since` until all 4 seats have it, or null if it could not be sent. */
  async moveOnce(room: LoadRoom, since?: number): Promise<number | null> {
    const latest = room.seats[0]?.latest;
    if (!latest) return null;
    const mover = room.seats.find((s) => s.seat === latest.turn);
    const tile = mover?.latest?.hand?.[0];
    if (!mover || !tile || mover.latest?.moveNumber !== latest.moveNumber) return null;
    const next = latest.moveNumber + 1;
    const start = since ?? performance.now();
    const everywhere = new Promise<void>((done) => room.waiting.set(next, { seen: new Set(), done }));
    const result = await ack<{ ok: boolean }>(mover.socket, "game:move", { roomId: room.id, seat: mover.seat, seatToken: mover.token, move: { type: "exchange", tiles: [tile] } });
    if (!result.ok) {
      room.waiting.delete(next);
      return null;
    }
    await everywhere;
    room.waiting.delete(next);
    return performance.now() - start;
  }

  /** Each room moves every `intervalMs` from `begin`, staggered by its order among `allRooms`, for `seconds`: the round trips (ms). */
  async steady(seconds: number, intervalMs: number, begin: EpochMs, allRooms: number): Promise<number[]> {
    const rtts: number[] = [];
    const start = begin - performance.timeOrigin;
    await Promise.all(
      this.rooms.map(async (room) => {
        await sleep(start + (room.order / allRooms) * intervalMs - performance.now());
        while (performance.now() - start < seconds * 1000) {
          const tick = performance.now();
          const rtt = await this.moveOnce(room);
          if (rtt !== null) rtts.push(rtt);
          await sleep(intervalMs - (performance.now() - tick));
        }
      }),
    );
    return rtts;
  }

  /** Closed loop from `begin`: every room moves again as soon as its last move reached all four seats. Moves done. */
  async peak(seconds: number, begin: EpochMs): Promise<number> {
    let moves = 0;
    const start = begin - performance.timeOrigin;
    await sleep(start - performance.now());
    await Promise.all(
      this.rooms.map(async (room) => {
        while (performance.now() - start < seconds * 1000) if ((await this.moveOnce(room)) !== null) moves++;
      }),
    );
    return moves;
  }

  /**
   * Open loop at `ratePerSecond` moves offered in all (by every thread's rooms, `allRooms`): each room's
   * moves are due on a fixed schedule (every allRooms / rate seconds from `begin`, staggered by its
   * order), and a move's time counts from when it was due, so a server falling behind shows its
   * queueing in the latency instead of hiding it (a room still waiting for its previous move sends the
   * next one as soon as it can, late).
   */
  async offered(ratePerSecond: number, seconds: number, begin: EpochMs, allRooms: number): Promise<OfferedPart> {
    const intervalMs = (allRooms / ratePerSecond) * 1000;
    const rtts: number[] = [];
    const slow: SlowMove[] = [];
    const start = begin - performance.timeOrigin;
    const end = start + seconds * 1000;
    await Promise.all(
      this.rooms.map(async (room) => {
        for (let due = start + (room.order / allRooms) * intervalMs; due < end; due += intervalMs) {
          await sleep(due - performance.now());
          const rtt = await this.moveOnce(room, due);
          if (rtt !== null) rtts.push(rtt);
          if (rtt !== null && rtt > SLOW_MS) slow.push({ due: performance.timeOrigin + due, ms: rtt });
        }
      }),
    );
    return { rtts, slow };
  }

  close(): void {
    for (const room of this.rooms) for (const seat of room.seats) seat.socket.close();
  }

  private connect(index: number): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket: Client = io(this.urls[index % this.urls.length] ?? "", { transports: ["websocket"], forceNew: true, reconnection: false });
      // engine.io's message packets: the text after the packet type, as the server wrote it.
      socket.io.engine.on("packet", (packet: { type: string; data?: unknown }) => {
        if (packet.type === "message" && typeof packet.data === "string") this.receivedBytes += Buffer.byteLength(packet.data) + 1;
      });
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  }

  private async addRoom(order: number): Promise<void> {
    const created = (await (
      await fetch(`${this.urls[0]}/api/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ gameId: "qwirkle", options: { mode: "normal", board: "open" } }),
      })
    ).json()) as { roomId: string; creatorToken: string };
    const room: LoadRoom & { order: number } = { id: created.roomId, seats: [], waiting: new Map(), order };
    for (let seat = 0; seat < 4; seat++) {
      const socket = await this.connect(order + seat); // a room's seats spread over the server processes
      await ack(socket, "room:watch", { roomId: room.id, seatTokens: [] });
      const claimed = await ack<{ seatToken: string }>(socket, "seat:claim", { roomId: room.id, seat, nickname: `p${seat}` });
      const entry: Seat = { socket, token: claimed.seatToken, seat, latest: null };
      socket.on("room:snapshot", (push) => {
        if (entry.latest && push.room.version <= entry.latest.version) return; // older news
        entry.latest = heldOf(push, entry.latest);
        const waiter = room.waiting.get(push.room.moveNumber);
        if (waiter) {
          waiter.seen.add(seat);
          if (waiter.seen.size === 4) waiter.done();
        }
      });
      const watched = await ack<{ snapshot: RoomPush }>(socket, "room:watch", { roomId: room.id, seatTokens: [claimed.seatToken] });
      if (!entry.latest || watched.snapshot.room.version >= entry.latest.version) entry.latest = heldOf(watched.snapshot, null);
      room.seats.push(entry);
    }
    await ack(room.seats[0]!.socket, "game:start", { roomId: room.id, creatorToken: created.creatorToken });
    this.rooms.push(room);
  }
}

/** A move of an open-loop phase that took more than SLOW_MS: when it was due (epoch ms) and how long. */
export interface SlowMove {
  readonly due: number;
  readonly ms: number;
}
const SLOW_MS = 50;

/**
 * BENCH_SLOW_MOVES=file: each open-loop phase appends its slow moves there (one JSON line per phase,
 * with when the phase started, epoch ms: time slow moves from it, not from the first of them),
 * to line them up with the servers' own traces (e.g. SERVER_NODE_ARGS=--trace-gc): are slow moves
 * spread out, or bursts at some event?
 */
export function recordSlowMoves(file: string, offered: number, start: number, slow: readonly SlowMove[]): void {
  appendFileSync(file, `${JSON.stringify({ offered, start, slow })}\n`);
}
