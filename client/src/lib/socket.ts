import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../../shared/protocol";

export type TableeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One socket per room page, same origin, default path; socket.io reconnects by itself. */
export function connectSocket(): TableeSocket {
  return io({ transports: ["websocket", "polling"], reconnectionDelayMax: 5000 });
}

/** Acks never arrive if the connection drops mid-request; give up after this long. */
export const ACK_TIMEOUT_MS = 10_000;
