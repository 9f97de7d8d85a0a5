import { io, type Socket } from "socket.io-client";
import type { Ack, ClientToServerEvents, ServerToClientEvents, WireError } from "../../../shared/protocol";
import type { ClientError } from "./api";

export type TableeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One socket per room page, same origin, default path; socket.io reconnects by itself. A WebSocket
 * that cannot open is tried again as long polling (`tryAllTransports`): a network that blocks
 * WebSockets still plays, and a handshake the server refused has an answer the page can read (a
 * browser shows a WebSocket nothing of a refused upgrade), see `refusedByServer`.
 */
export function connectSocket(): TableeSocket {
  return io({ transports: ["websocket", "polling"], tryAllTransports: true, reconnectionDelayMax: 5000 });
}

/**
 * Whether a `connect_error` is the server refusing this connection (HTTP 403 to the handshake): this
 * address holds too many sockets, or opened too many in the last minute (server/socket/connectionGate.ts;
 * a page of another site is refused alike, but that is not this page). socket.io keeps trying, and
 * gets in once a tab or device of the same network closes.
 */
export function refusedByServer(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { description?: unknown }).description === 403;
}

/** Acks never arrive if the connection drops mid-request; give up after this long. */
export const ACK_TIMEOUT_MS = 10_000;

/** An ack turned into a plain result: a missing ack (timeout) or a dead socket becomes an error. */
export type AckResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ClientError };

export function awaitAck<T>(socket: TableeSocket, send: (ack: (err: Error | null, res: Ack<T>) => void) => void): Promise<AckResult<T>> {
  return new Promise((resolve) => {
    if (!socket.connected) {
      resolve({ ok: false, error: { code: "NETWORK", message: "socket not connected" } });
      return;
    }
    send((err, res) => {
      if (err) resolve({ ok: false, error: { code: "TIMEOUT", message: err.message } });
      else if (res.ok) resolve({ ok: true, value: res as T });
      else resolve({ ok: false, error: res.error satisfies WireError });
    });
  });
}
