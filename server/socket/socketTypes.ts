import type { Server, Socket } from "socket.io";
import type { ClientToServerEvents, RoomPush, ServerToClientEvents } from "../../shared/protocol";
import type { InterServerEvents } from "../cluster/events";
import type { EncodedJson } from "../rooms/encodedJson";
import type { SentToSocket, Viewer } from "../rooms/snapshot";

/** What the server remembers about a socket: the one room it watches and the tokens it showed. */
export interface SocketData {
  watch: ({ roomId: string; tableId: string } & Viewer) | null;
  /** What this socket was last sent of the room it watches (pushes leave that out), or null. */
  sent: SentToSocket | null;
  /**
   * While a `room:watch` of this socket is answered: the newest version a push left out (the answer
   * carries the room whole, so it is not sent twice, and is built from at least that version).
   */
  answering: { skippedVersion: number } | null;
  /** The profile signed in by the handshake's session cookie (server/profiles/socketProfile.ts), never from a payload. */
  profileId?: string | null;
}

/** What the server emits: what clients receive, except that a push goes already serialised (`tableeParser`). */
type ServerEmits = Omit<ServerToClientEvents, "room:snapshot"> & { "room:snapshot": (push: RoomPush | EncodedJson<RoomPush>) => void };
export type TableeServer = Server<ClientToServerEvents, ServerEmits, InterServerEvents, SocketData>;
export type TableeSocket = Socket<ClientToServerEvents, ServerEmits, InterServerEvents, SocketData>;
