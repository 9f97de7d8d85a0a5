import type { Cell, HalmaView } from "../../../../shared/games/halma";
import type { LogEntry, RoomPublic } from "../../../../shared/protocol";
import { framesOf, shownPieces, type AnimMove, type Frame } from "./timeline";
import { asMoveSummary } from "./view";

/** More moves than this waiting to be shown (a tab back from sleep): skip the older ones. */
const MAX_PENDING = 4;

/**
 * Client-side animation of the moves that arrive: the board keeps drawing the position before each
 * move while its piece walks along the chain (blinking for computers). Nothing here talks to the
 * server, and the real position is always in the view: `skip()` shows it at once.
 */
export class AnimCtrl {
  pending: AnimMove[] = $state([]); // oldest first; pending[0] is the one playing
  frame: Frame | null = $state(null); // the current frame of pending[0]
  blinkCount = $state(0); // every blink ever shown on this board: a trace tests can read
  private frames: Frame[] = [];
  private seen: number | null = null; // the view's moveCount already taken in
  private timer: ReturnType<typeof setTimeout> | null = null;

  readonly active: boolean = $derived(this.pending.length > 0);
  /** The moving piece's cell now (to mark it), or null. */
  readonly cell: Cell | null = $derived.by(() => {
    const move = this.pending[0];
    return move === undefined || this.frame === null ? null : (move.path[this.frame.hop] ?? null);
  });
  /** The part of the moving piece's chain already travelled (to draw its line as it goes). */
  readonly travelled: readonly Cell[] = $derived.by(() => {
    const move = this.pending[0];
    return move === undefined || this.frame === null ? [] : move.path.slice(0, this.frame.hop + 1);
  });

  /** The pieces to draw for `view`: rewound while moves are pending. */
  piecesFor(view: HalmaView): readonly (readonly Cell[])[] {
    return this.pending.length === 0 ? view.pieces : shownPieces(view.pieces, this.pending, this.frame?.hop ?? 0);
  }

  /**
   * Takes in a new view: its new moves (from the log, or the view's last move when there is no log,
   * as in replays) join the queue. The first view, and any step back, only sets the starting point.
   */
  take(view: HalmaView, log: readonly LogEntry[], room: RoomPublic): void {
    const seen = this.seen;
    this.seen = view.moveCount;
    if (seen === null || view.moveCount <= seen) {
      if (seen !== null && view.moveCount < seen) this.skip();
      return;
    }
    const computer = (seat: number): boolean => {
      const s = room.seats[seat];
      return s !== undefined && (s.kind === "computer" || s.standIn !== null);
    };
    const fromLog = log.filter((e) => e.moveNumber > seen && e.moveNumber <= view.moveCount);
    const summaries =
      fromLog.length > 0 ? fromLog.map((e) => ({ n: e.moveNumber, s: asMoveSummary(e.summary) })) : [{ n: view.moveCount, s: view.lastMove }];
    const fresh = summaries.flatMap(({ n, s }) =>
      s === null ? [] : [{ moveNumber: n, seat: s.seat, path: s.path, computer: computer(s.seat) }],
    );
    const queue = [...this.pending, ...fresh];
    const dropped = Math.max(0, queue.length - MAX_PENDING);
    const restart = dropped > 0 || this.pending.length === 0;
    this.pending = queue.slice(dropped);
    if (restart) this.startFirst();
  }

  /** Shows the real position now: every pending move done. */
  skip(): void {
    this.stopTimer();
    this.pending = [];
    this.frame = null;
    this.frames = [];
  }

  destroy(): void {
    this.stopTimer();
  }

  private startFirst(): void {
    this.stopTimer();
    const move = this.pending[0];
    if (move === undefined) {
      this.frame = null;
      return;
    }
    this.frames = framesOf(move);
    this.advance();
  }

  /** Shows the next frame of the current move, or moves on to the next move. */
  private advance(): void {
    const next = this.frames.shift();
    if (next === undefined) {
      this.pending = this.pending.slice(1);
      this.startFirst();
      return;
    }
    this.frame = next;
    if (next.counts) this.blinkCount++;
    // Moves waiting behind this one (computers playing fast) make it play faster, so the board
    // never lags far behind the game; every blink is still shown.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.advance();
    }, next.ms / Math.max(1, this.pending.length));
  }

  private stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
