import type { Socket } from "socket.io";

/**
 * What closing a socket uses of its engine.io connection. `sendPacket` and `pingTimeoutTimer` are
 * private in engine.io 6 (closing.test.ts pins them against the installed version): a ping the
 * server sends outside its own heartbeat is the only round trip every engine.io client answers by
 * itself, whatever application code it runs.
 */
interface EngineConnection {
  readonly readyState: string;
  readonly protocol: number;
  /** Set while engine.io's own heartbeat ping waits for its pong (protocol 4). */
  readonly pingTimeoutTimer: unknown;
  sendPacket(type: "ping"): void;
  once(event: "heartbeat" | "close", listener: () => void): unknown;
  off(event: "heartbeat" | "close", listener: () => void): unknown;
  close(): void;
}

/** A socket.io socket, whatever its event maps: only its engine.io connection is used here. */
type AnySocket = Pick<Socket, "conn">;

const engineOf = (socket: AnySocket): EngineConnection => socket.conn as unknown as EngineConnection;

/** Resolves after `ms`, or at once for a bound already passed. */
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The events a socket has received and not answered yet: the handlers count them (`begin`, `end`). */
export class Answering {
  private readonly pending = new WeakMap<object, { count: number; idle: (() => void)[] }>();

  begin(socket: object): void {
    const entry = this.pending.get(socket);
    if (entry) entry.count++;
    else this.pending.set(socket, { count: 1, idle: [] });
  }

  end(socket: object): void {
    const entry = this.pending.get(socket);
    if (!entry || --entry.count > 0) return;
    this.pending.delete(socket);
    for (const resolve of entry.idle) resolve();
  }

  busy(socket: object): boolean {
    return this.pending.has(socket);
  }

  /** Resolves once every event `socket` has received so far is answered. */
  idle(socket: object): Promise<void> {
    const entry = this.pending.get(socket);
    if (!entry) return Promise.resolve();
    return new Promise((resolve) => entry.idle.push(resolve));
  }
}

/**
 * A round trip over the socket's connection: resolves true once the client has answered a ping sent
 * now, which proves that everything it sent before that ping reached it has arrived (one connection
 * keeps its order, and a client answers a ping at once). False if the connection ended, the client
 * speaks engine.io protocol 3 (it pings, we do not), or `timeoutMs` ran out.
 */
export function roundTrip(socket: AnySocket, timeoutMs: number): Promise<boolean> {
  const engine = engineOf(socket);
  if (engine.readyState !== "open" || engine.protocol < 4) return Promise.resolve(false);
  // Pongs come back in the order of the pings: if engine.io's own ping is still waiting, its pong comes first.
  let awaited = engine.pingTimeoutTimer === null || engine.pingTimeoutTimer === undefined ? 1 : 2;
  return new Promise((resolve) => {
    const finish = (answered: boolean) => {
      clearTimeout(timer);
      engine.off("heartbeat", onPong);
      engine.off("close", onClose);
      resolve(answered);
    };
    const onPong = () => {
      if (--awaited === 0) finish(true);
      else engine.once("heartbeat", onPong);
    };
    const onClose = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    engine.once("heartbeat", onPong);
    engine.once("close", onClose);
    engine.sendPacket("ping");
  });
}

/**
 * Closes `socket` after answering what it sent. The caller has told the client that the server is
 * going away (on the same connection, so before the ping). Then: a round trip proves that every event
 * the client sent before it heard that has arrived; each event received is answered; and the
 * connection closes in the very tick nothing is left unanswered (engine.io drops what arrives once it
 * is closing, and sends what it queued, the answers, before it closes the transport). The client sees
 * a network cut and reconnects. `deadline` (epoch ms) bounds the wait for the client and the answers;
 * the close itself gets `closeMs` more.
 */
export async function closeWhenAnswered(socket: AnySocket, answering: Answering, deadline: number, closeMs: number): Promise<void> {
  const engine = engineOf(socket);
  if (engine.readyState !== "open") return;
  await roundTrip(socket, deadline - Date.now());
  for (;;) {
    // socket.io hands a received event to its listener on the next tick: let those begin (and count) first.
    await new Promise((resolve) => setImmediate(resolve));
    if (!answering.busy(socket) || Date.now() >= deadline) break;
    await Promise.race([answering.idle(socket), sleep(deadline - Date.now())]);
  }
  if (engine.readyState !== "open") return;
  const closed = new Promise<void>((resolve) => engine.once("close", resolve));
  engine.close();
  await Promise.race([closed, sleep(closeMs)]);
}

/** Closes every socket in `sockets` as closeWhenAnswered does, all at once, within `graceMs` (and `graceMs` more to close). */
export async function closeAllWhenAnswered(sockets: Iterable<AnySocket>, answering: Answering, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  await Promise.all([...sockets].map((socket) => closeWhenAnswered(socket, answering, deadline, graceMs)));
}
