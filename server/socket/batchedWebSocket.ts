import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type ServerOptions } from "ws";

type SendCallback = (error?: Error) => void;
type Data = Parameters<WebSocket["send"]>[0];
type SendOptions = Exclude<Parameters<WebSocket["send"]>[1], SendCallback | undefined>;

/**
 * A WebSocket that writes every frame sent to it within one tick in one system call.
 *
 * A committed move sends its mover two frames, the push and the move's answer; every other seat one.
 * On loopback and in the kernel, a write costs about the same whatever its size (one `writev` was
 * 18-30 % of the server's busy time at the benchmark's peak, one per frame), so the frames of one
 * tick go out together: the socket is corked at the first send and uncorked once the tick's promise
 * callbacks have run (`process.nextTick`, queued from them, runs after them).
 *
 * engine.io sends its next packet only once the previous one's callback came (until then it queues
 * it). ws calls back when the system has taken the bytes, which a corked socket delays to the
 * uncork: the answer would then wait for its own write. So a send to an open socket is called back
 * as soon as ws has taken the frame (in a microtask), and a write error reaches engine.io as the
 * WebSocket's `close` (code 1006), as any broken connection does (tested). Nothing is buffered that
 * engine.io would not have buffered itself; it would have held the frame in its own queue.
 *
 * No closure per send: the server runs through tsx, whose esbuild names every closure kept in a
 * variable (`keepNames`, a defineProperty each), and this runs for every frame.
 */
export class BatchedWebSocket extends WebSocket {
  private uncorkQueued = false;

  override send(data: Data, optionsOrCallback?: SendOptions | SendCallback, callback?: SendCallback): void {
    const options = typeof optionsOrCallback === "function" ? {} : (optionsOrCallback ?? {});
    const done = typeof optionsOrCallback === "function" ? optionsOrCallback : callback;
    const socket = (this as unknown as { _socket: Duplex | null })._socket; // ws's own field: the connection's TCP socket
    if (this.readyState !== WebSocket.OPEN || socket === null) return super.send(data, options, done); // ws reports the closed state
    if (!this.uncorkQueued) {
      this.uncorkQueued = true;
      socket.cork();
      process.nextTick(BatchedWebSocket.uncork, this, socket);
    }
    super.send(data, options);
    if (done !== undefined) queueMicrotask(done as () => void);
  }

  private static uncork(this: void, webSocket: BatchedWebSocket, socket: Duplex): void {
    webSocket.uncorkQueued = false;
    socket.uncork();
  }
}

/** ws's server with `BatchedWebSocket`s: engine.io's `wsEngine` option (engine.io passes it its own options). */
export class BatchedWebSocketServer extends WebSocketServer {
  constructor(options?: ServerOptions, callback?: () => void) {
    super({ ...options, WebSocket: BatchedWebSocket }, callback);
  }
}
