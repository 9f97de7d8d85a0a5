/** How long a refused watch waits before it asks again: from the first, doubling, up to the last. */
export const WATCH_RETRY_MS = { first: 1_000, max: 10_000 } as const;

/** Answers older than the room shown that are asked again at once; then again, backing off as after a refusal. */
export const OLDER_ANSWERS_ASKED_AGAIN = 3;

/**
 * A `room:watch` refused while the socket stays connected (the database slow or away, a room's
 * process restarting): nothing else would ask again, since only a reconnection watches, and the page
 * would show its copy as if live and hear no pushes. It is asked again, backing off, until answered.
 */
export class WatchRetry {
  private delay = 0;
  private olderAnswers = 0; // answers in a row older than the room already shown
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly watch: () => void,
    private readonly connected: () => boolean,
  ) {}

  /** A watch was refused: asks again later. True for the first refusal in a row (the one to show). */
  failed(): boolean {
    const first = this.delay === 0;
    this.delay = first ? WATCH_RETRY_MS.first : Math.min(this.delay * 2, WATCH_RETRY_MS.max);
    clearTimeout(this.timer);
    // Disconnected meanwhile: the reconnection watches by itself.
    this.timer = setTimeout(() => this.connected() && this.watch(), this.delay);
    return first;
  }

  /**
   * A watch was answered with an older room than the one shown (a push overtook it): asked again at
   * once, a few times; then backing off, as after a refusal. Never taken (the table would step back,
   * moves vanishing), nor asked in a tight loop: a server that only has an older room (its own copy
   * while the database is away) would be asked until it refused for too many requests.
   */
  olderAnswer(): void {
    if (this.olderAnswers++ < OLDER_ANSWERS_ASKED_AGAIN) this.watch();
    else this.failed();
  }

  /** A watch was answered: the next refusal starts from the first delay again. */
  succeeded(): void {
    this.delay = 0;
    this.olderAnswers = 0;
    clearTimeout(this.timer);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
