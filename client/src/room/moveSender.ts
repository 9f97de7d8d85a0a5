import type { AckResult } from "../lib/socket";

/** What a move's ack carries. */
export type MoveAck = { readonly moveNumber: number };

/** A fresh move id: 128 random bits, URL-safe (getRandomValues also works on plain-http pages, unlike randomUUID). */
export function newMoveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Sent, but no answer came (the connection or the server went away): it may or may not have been played. */
const unanswered = (result: AckResult<MoveAck>): boolean => !result.ok && result.error.code === "TIMEOUT";

interface Pending<P> {
  readonly payload: P & { readonly moveId: string };
  outcome: AckResult<MoveAck> | null; // set by a resend that was answered
}

/**
 * Exactly-once moves from the client's side: every move goes out with its own id; a move whose answer
 * never came is kept and sent again, under the same id, after the next reconnection. The server
 * answers a resend of a move it already played with the original result, so nothing is played twice.
 */
export class MoveSender<P extends object> {
  private pending: Pending<P> | null = null;

  constructor(
    private readonly send: (payload: P & { readonly moveId: string }) => Promise<AckResult<MoveAck>>,
    /** A resent move was refused after all (the position moved on): say so. */
    private readonly onLateError: (result: AckResult<MoveAck>) => void = () => undefined,
    private readonly makeId: () => string = newMoveId,
  ) {}

  /** Whether a move is waiting for its answer to be recovered. */
  get waiting(): boolean {
    return this.pending !== null;
  }

  async move(payload: P): Promise<AckResult<MoveAck>> {
    const pending: Pending<P> = { payload: { ...payload, moveId: this.makeId() }, outcome: null };
    this.pending = pending; // a newer move replaces one still unanswered
    const result = await this.send(pending.payload);
    if (pending.outcome) return pending.outcome; // a resend after a reconnection got the answer first
    if (this.pending === pending && !unanswered(result)) this.pending = null;
    return result;
  }

  /** After a reconnection (and the re-watch): the unanswered move goes again with the same id. */
  async resend(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    const result = await this.send(pending.payload);
    if (this.pending !== pending || unanswered(result)) return;
    this.pending = null;
    pending.outcome = result;
    if (!result.ok) this.onLateError(result);
  }
}
