import type { AckResult } from "../lib/socket";

/** What a move's ack carries. */
export type MoveAck = { readonly moveNumber: number };

/** A fresh move id: 128 random bits, URL-safe (getRandomValues also works on plain-http pages, unlike randomUUID). */
export function newMoveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Never sent: the socket was not connected (lib/socket.ts `awaitAck`). */
const notSent = (result: AckResult<MoveAck>): boolean => !result.ok && result.error.code === "NETWORK";

/** Sent, but no answer came (the connection or the server went away): it may or may not have been played. */
const unanswered = (result: AckResult<MoveAck>): boolean => !result.ok && result.error.code === "TIMEOUT";

/**
 * The server could not find out whether the move was played (IN_DOUBT), or — for a move already in
 * doubt — could not even look (UNAVAILABLE says this resend changed nothing, not the first send).
 */
const stillInDoubt = (result: AckResult<MoveAck>, resent: boolean): boolean =>
  !result.ok && (result.error.code === "IN_DOUBT" || (resent && result.error.code === "UNAVAILABLE"));

/** Resends of a move in doubt: the first after this long, then twice as long each time up to the last. */
export const IN_DOUBT_RESEND_MS = { first: 500, max: 4_000, giveUpAfter: 30_000 } as const;

interface Pending<P> {
  readonly payload: P & { readonly moveId: string };
  /** What a resend sends: the same move and id, with the move number it was chosen at. */
  readonly again: P & { readonly moveId: string; readonly chosenAt?: number };
  outcome: AckResult<MoveAck> | null; // set by a resend that was answered
}

/**
 * Exactly-once moves from the client's side: every move goes out with its own id; a move whose answer
 * never came is kept and sent again, under the same id, after the next reconnection; a move the server
 * answered IN_DOUBT is sent again under its id at once (after a short pause, backing off) until the
 * server knows, and still after a reconnection if it never did. The server answers a resend of a move
 * it already played with the original result, so nothing is played twice; a resend after a
 * reconnection carries the move number the move was chosen at, and one the server never played is
 * refused (TABLE_CHANGED) once the game moved on, rather than played on a position the player never
 * saw (the quick resends of a move in doubt carry none, as the first send: in Memoarr!'s peek, players
 * answering at once would refuse each other).
 */
export class MoveSender<P extends object> {
  private pending: Pending<P> | null = null;

  constructor(
    private readonly send: (payload: P & { readonly moveId: string }) => Promise<AckResult<MoveAck>>,
    /** A resent move was refused after all (the position moved on): say so. */
    private readonly onLateError: (result: AckResult<MoveAck>) => void = () => undefined,
    private readonly makeId: () => string = newMoveId,
    private readonly pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Whether a move is waiting for its answer to be recovered. */
  get waiting(): boolean {
    return this.pending !== null;
  }

  /** Sends `payload` as a new move, chosen on the position of move number `chosenAt`. */
  async move(payload: P, chosenAt?: number): Promise<AckResult<MoveAck>> {
    const first = { ...payload, moveId: this.makeId() };
    const pending: Pending<P> = { payload: first, again: chosenAt === undefined ? first : { ...first, chosenAt }, outcome: null };
    const earlier = this.pending;
    this.pending = pending; // a newer move replaces one still unanswered
    const answer = await this.send(pending.payload);
    // Not sent at all (no connection): the unanswered one it would replace is still the one to send again.
    if (notSent(answer) && this.pending === pending) this.pending = earlier;
    const { result, inDoubt } = await this.untilKnown(pending, answer, false, pending.payload);
    if (pending.outcome) return pending.outcome; // a resend after a reconnection got the answer first
    if (this.pending === pending && !unanswered(result) && !inDoubt) this.pending = null;
    return result;
  }

  /** After a reconnection (and the re-watch): the unanswered move goes again with the same id. */
  async resend(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    const { result, inDoubt } = await this.untilKnown(pending, await this.send(pending.again), true, pending.again);
    if (this.pending !== pending || unanswered(result) || inDoubt) return;
    this.pending = null;
    pending.outcome = result;
    if (!result.ok) this.onLateError(result);
  }

  /**
   * While the server answers that it cannot tell whether `pending` was played, sends it again under
   * its id, backing off; stops when it knows, when the move was replaced or answered elsewhere, when
   * the connection is lost (the resend after reconnecting takes over), or after `giveUpAfter`. A move
   * left in doubt is answered IN_DOUBT (never "nothing changed") and kept for the next reconnection.
   */
  private async untilKnown(pending: Pending<P>, first: AckResult<MoveAck>, resent: boolean, payload: Pending<P>["again"]): Promise<{ result: AckResult<MoveAck>; inDoubt: boolean }> {
    let result = first;
    let waited = 0;
    for (let delay: number = IN_DOUBT_RESEND_MS.first; stillInDoubt(result, resent); delay = Math.min(delay * 2, IN_DOUBT_RESEND_MS.max)) {
      resent = true;
      if (waited >= IN_DOUBT_RESEND_MS.giveUpAfter) return { result: { ok: false, error: { code: "IN_DOUBT", message: "the server could not tell whether the move was played" } }, inDoubt: true };
      await this.pause(delay);
      waited += delay;
      if (this.pending !== pending || pending.outcome) return { result, inDoubt: false };
      result = await this.send(payload);
      // The connection went meanwhile: still unknown, so kept for the resend after reconnecting.
      if (notSent(result)) return { result: { ok: false, error: { code: "IN_DOUBT", message: "the connection was lost before the server could tell" } }, inDoubt: true };
    }
    return { result, inDoubt: false };
  }
}
