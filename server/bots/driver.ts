import { TableeError, type BotSpeed } from "../../shared/protocol";
import { nextComputerSeat } from "../rooms/decide";
import type { RoomRecord } from "../rooms/record";
import type { RoomService } from "../rooms/service";

/** How long a computer "thinks" before moving, at normal speed. */
export interface BotTiming {
  readonly minMs: number;
  readonly maxMs: number;
}

/** Delay multipliers of the speed control; `paused` schedules nothing. */
const SPEED_FACTOR: Record<BotSpeed, number | null> = { paused: null, slow: 2.5, normal: 1, fast: 0.2 };

/**
 * The shortest pause between two computer moves at any speed, when the server pauses at all: the
 * fastest speed must still let a watcher see each move (a demo at "fast" used to end in 1.5 s).
 */
export const MIN_WATCHABLE_MS = 450;

/**
 * How long a computer "thinks" before its move: a random pause in the room's timing range, scaled
 * by the speed; never under MIN_WATCHABLE_MS (unless the timing is no pause at all, as in tests).
 * Null when paused.
 */
export function thinkingDelay(timing: BotTiming, speed: BotSpeed, random: number): number | null {
  const factor = SPEED_FACTOR[speed];
  if (factor === null) return null;
  const delay = (timing.minMs + random * (timing.maxMs - timing.minMs)) * factor;
  return timing.maxMs === 0 ? delay : Math.max(MIN_WATCHABLE_MS, delay);
}

/** After a failed computer move (database down…), try again after this long. */
const RETRY_MS = 2_000;

/**
 * Plays computer seats on the server, so a game with computers goes on with no browser open. After
 * every committed change it looks at whose turn it is and, if a computer's, schedules that move after
 * a human-like pause. The move itself runs in the room's lane and re-checks that it is still due,
 * so a stale timer (a human reclaimed the seat, the room was paused) does nothing.
 */
export class BotDriver {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly rooms: RoomService,
    private readonly timing: BotTiming,
  ) {
    rooms.onChange((room) => this.consider(room));
  }

  /**
   * Schedules the next computer move of `room` if one is due (and cancels a stale one). `waitedMs`:
   * how long the turn has waited already (a room taken over from a dead process, or resumed after a
   * restart): the pause is counted from the turn's start, so a computer whose pause ran out while no
   * process held its room plays at once.
   */
  consider(room: RoomRecord, waitedMs = 0): void {
    this.cancel(room.id);
    if (this.stopped || room.status !== "playing") return;
    const game = this.rooms.findGame(room.gameId);
    if (!game) return;
    const seat = nextComputerSeat(room, game);
    const delay = thinkingDelay(this.timing, room.settings.botSpeed, Math.random());
    if (seat === undefined || delay === null) return;
    this.schedule(room.id, seat, room.moveNumber, Math.max(0, delay - Math.max(0, waitedMs)));
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.timers.keys()]) this.cancel(id);
  }

  private schedule(roomId: string, seat: number, moveNumber: number, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(roomId);
      this.rooms.computerMove(roomId, seat, moveNumber).catch((error: unknown) => {
        if (this.stopped) return;
        this.rooms.outages.failedInBackground(error, { roomId, seat }, "computer move failed; retrying"); // an outage: summarised, not one line a try
        if (error instanceof TableeError && error.code === "ROOM_NOT_FOUND") return;
        this.schedule(roomId, seat, moveNumber, RETRY_MS);
      });
    }, delayMs);
    timer.unref?.();
    this.timers.set(roomId, timer);
  }

  private cancel(roomId: string): void {
    const timer = this.timers.get(roomId);
    if (timer) clearTimeout(timer);
    this.timers.delete(roomId);
  }
}

/** Parses BOT_DELAY_MS: "600-1500" (a range) or "0" (no pause, for tests and benchmarks). */
export function parseBotTiming(text: string): BotTiming {
  const match = /^(\d+)(?:-(\d+))?$/u.exec(text.trim());
  if (!match?.[1]) throw new Error(`BOT_DELAY_MS must look like 600-1500 or 0, not ${text}`);
  const minMs = Number(match[1]);
  const maxMs = Number(match[2] ?? match[1]);
  if (maxMs < minMs) throw new Error("BOT_DELAY_MS: the maximum is below the minimum");
  return { minMs, maxMs };
}
