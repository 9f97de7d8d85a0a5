import type { ErasedGame } from "../../../../shared/engine/erase";
import type { Outcome, Seat } from "../../../../shared/engine/types";
import { findGame } from "../../../../shared/games/registry";
import type { RoomPublic } from "../../../../shared/protocol";
import type { RoomLog } from "../../lib/historyApi";
import { rebuild } from "./rebuild";

/** Milliseconds between moves when the replay plays by itself. */
export const AUTOPLAY_MS = 900;

/**
 * A finished game rebuilt in the browser with the shared engine: the server gives the seed and the
 * moves as played (nothing is secret once the game is over), we replay them through `apply`, and
 * the user steps through the positions, looking at any seat's hand.
 */
export class ReplayCtrl {
  position = $state(0); // number of moves applied (0 = the deal)
  seat: Seat | null = $state(0); // whose hand is shown; null = the public side only
  playing = $state(false);

  readonly log: RoomLog;
  readonly game: ErasedGame | null;
  readonly states: readonly unknown[]; // states[i] = after i moves
  readonly brokenAt: number | null; // a move the engine refused (a version mismatch): replay stops before it
  private timer: ReturnType<typeof setInterval> | undefined;

  // Deriveds are lazy: they first run after the constructor has rebuilt the states.
  readonly state: unknown = $derived.by(() => this.states[this.position] ?? null);
  readonly view: unknown = $derived.by(() => (this.game !== null && this.state !== null ? this.game.view(this.state, this.seat) : null));
  readonly currentSeats: readonly Seat[] = $derived.by(() =>
    this.game !== null && this.state !== null ? this.game.currentSeats(this.state) : [],
  );
  readonly outcome: Outcome | null = $derived.by(() => (this.game !== null && this.state !== null ? this.game.outcome(this.state) : null));
  readonly last: number = $derived.by(() => Math.max(0, this.states.length - 1));

  constructor(log: RoomLog) {
    this.log = log;
    this.game = findGame(log.gameId) ?? null;
    const { states, brokenAt } = rebuild(this.game, log);
    this.states = states;
    this.brokenAt = brokenAt;
  }

  /** The room as the board component expects it (the replay has no live room). */
  room(): RoomPublic {
    return {
      id: this.log.roomId ?? this.log.replayId ?? "",
      gameId: this.log.gameId,
      options: isRecord(this.log.replay?.options) ? this.log.replay.options : {},
      status: this.position === this.last ? "finished" : "playing",
      seats: this.log.seats.map((seat, index) => ({
        index,
        colour: seat.colour ?? index,
        kind: seat.kind === "computer" ? "computer" : "human",
        nickname: seat.nickname,
        bot: seat.bot,
        connected: false,
        standIn: null,
        missedTurns: 0,
        disconnectedSince: null,
        awayMs: null,
      })),
      moveNumber: this.position,
      version: this.position,
      createdAt: "",
      settings: { botSpeed: "paused", hints: false, takeoverAfterMs: 0, spectatorChat: false, chatMutedSeats: [], paceDays: null },
      series: { number: 1, previousRoomId: null, nextRoomId: null, rematchAsks: [], winsBefore: [] },
    };
  }

  go(position: number): void {
    this.position = Math.max(0, Math.min(this.last, position));
    if (this.position === this.last) this.stop();
  }

  toggleAutoplay(): void {
    if (this.playing) {
      this.stop();
      return;
    }
    if (this.position === this.last) this.position = 0;
    this.playing = true;
    this.timer = setInterval(() => this.go(this.position + 1), AUTOPLAY_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.playing = false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
