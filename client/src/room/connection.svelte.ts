import { socketAdmission, type TableeSocket } from "../lib/socket";

/** `refused`: the server turned this connection away (too many from this network); the socket keeps trying. */
export type ConnectionStatus = "connecting" | "online" | "reconnecting" | "offline" | "refused";

const RECONNECT_AFTER_SERVER_CLOSE_MS = 1000;
/** How often a socket that keeps failing asks whether the server turns its network away (socket.io retries every 5 s at most). */
const ADMISSION_ASK_MS = 15_000;
/** WebSocket failures in a row, the server answering HTTP meanwhile, after which the page starts with long polling. */
const WEBSOCKET_FAILURES_BEFORE_POLLING = 3;

/**
 * What a room page says of its connection, from its socket and the browser's online/offline events.
 * `online` is the room's to say (once its watch is answered: a socket connected but not watching
 * hears no pushes); the rest follows from here. `attach`/`detach` the window's listeners with the page.
 */
export class ConnectionState {
  status: ConnectionStatus = $state("connecting");
  private admissionAskedAt = Number.NEGATIVE_INFINITY;
  private admissionAsks = 0; // an older question's answer, come late, says nothing any more
  private serverAnswers = false; // the last admission question was answered "ok": the server is up
  private failuresWithServerUp = 0;

  constructor(private readonly socket: TableeSocket) {
    socket.on("disconnect", (reason) => {
      this.status = navigator.onLine ? "reconnecting" : "offline";
      // A server shutting down (restart, deploy) closes sockets with "io server disconnect", after
      // which socket.io does not retry by itself; the next server will have us back.
      if (reason === "io server disconnect") setTimeout(() => socket.connect(), RECONNECT_AFTER_SERVER_CLOSE_MS);
    });
    // A failed try: an error (a refused handshake), or a connection closed before it was one (what a
    // proxy that blocks WebSockets may do), after which socket.io only tries again.
    socket.on("connect_error", () => this.notConnected());
    socket.io.on("reconnect_attempt", () => {
      this.notConnected();
      if (this.serverAnswers && ++this.failuresWithServerUp === WEBSOCKET_FAILURES_BEFORE_POLLING) this.startWithPolling();
    });
    socket.on("connect", () => {
      this.failuresWithServerUp = 0;
      this.serverAnswers = false; // a later streak of failures asks again before it counts
    });
  }

  private notConnected(): void {
    if (!navigator.onLine) this.status = "offline";
    else if (this.status !== "refused") this.status = "reconnecting";
    void this.askWhyNotConnected();
  }

  private readonly onOnline = (): void => {
    // A short drop the socket lived through: no `connect` comes to say so.
    if (this.status === "offline") this.status = this.socket.connected ? "online" : "reconnecting";
    if (!this.socket.connected) this.socket.connect();
  };
  private readonly onOffline = (): void => {
    this.status = "offline";
  };

  attach(): void {
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.onOffline);
  }

  detach(): void {
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
  }

  /**
   * The socket could not connect: asks the server whether it turned this network away (too many
   * sockets from one address: a refused WebSocket handshake tells the page nothing), at most every
   * ADMISSION_ASK_MS while it lasts, and says so (`refused`) rather than "reconnecting". Not answered
   * (the server out of reach, restarting): "reconnecting", whatever it said before.
   */
  private async askWhyNotConnected(): Promise<void> {
    const now = Date.now();
    if (now - this.admissionAskedAt < ADMISSION_ASK_MS) return;
    this.admissionAskedAt = now;
    const ask = ++this.admissionAsks;
    const admission = await socketAdmission();
    if (ask !== this.admissionAsks || this.socket.connected || !navigator.onLine) return;
    this.serverAnswers = admission === "ok";
    if (!this.serverAnswers) this.failuresWithServerUp = 0;
    this.status = admission === "tooMany" || admission === "tooFast" ? "refused" : "reconnecting";
  }

  /**
   * The server answers HTTP, admits this network, and still no WebSocket opens: something on the way
   * (a company's proxy, a captive network) blocks them. The next tries start with long polling, which
   * goes through wherever the page itself did, and move up to a WebSocket if one opens after all.
   * Not from the first failure: a server restarting fails a WebSocket or two, and every page would
   * then come back over HTTP first and upgrade after.
   */
  private startWithPolling(): void {
    this.socket.io.opts.transports = ["polling", "websocket"];
  }
}
