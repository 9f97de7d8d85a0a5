import { io, type Socket } from "socket.io-client";
import type { Ack, ClientToServerEvents, ServerToClientEvents, SocketAdmission, WireError } from "../../../shared/protocol";
import type { ClientError } from "./api";

export type TableeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One socket per room page, same origin, default path; socket.io reconnects by itself. */
export function connectSocket(): TableeSocket {
  return io({ transports: ["websocket", "polling"], reconnectionDelayMax: 5000 });
}

const ADMISSION_TIMEOUT_MS = 5000;

/**
 * Whether the server would admit this address's socket now (GET /api/socket-admission), null if it
 * could not be asked. A refused WebSocket handshake is a bare failure to the page (the browser shows
 * it nothing of the answer), so a page whose socket keeps failing asks this to say why: too many
 * sockets from its network (a carrier's shared address, a household's tabs) is not a lost connection.
 */
export async function socketAdmission(): Promise<SocketAdmission["admission"] | null> {
  try {
    const response = await fetch("/api/socket-admission", { signal: AbortSignal.timeout(ADMISSION_TIMEOUT_MS) });
    return response.ok ? ((await response.json()) as SocketAdmission).admission : null;
  } catch {
    return null;
  }
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
