import type { RoomPush } from "../../shared/protocol";
import type { EncodedJson } from "../rooms/encodedJson";
import type { TableeSocket } from "./socketTypes";

/** What of engine.io's connection (engine.io 6) the direct path reads; `writeBuffer` is not in its types. */
interface EngineConnection {
  readonly readyState: string;
  readonly writeBuffer?: readonly unknown[];
  readonly transport: { readonly name: string; readonly socket?: { readonly readyState: number; send(data: string): void } };
}

const WS_OPEN = 1; // ws's WebSocket.OPEN

/** engine.io's message type (4), socket.io's event type (2), the event's name: what a push's frame starts with. */
const PUSH_FRAME_START = `42[${JSON.stringify("room:snapshot")},`;

/**
 * `socket.emit("room:snapshot", push)`, written as its WebSocket frame directly when nothing can come
 * between: a push to a socket in the default namespace, on an open WebSocket, with nothing waiting in
 * engine.io's queue (whatever engine.io queued must go first, so then it goes through engine.io too).
 * The frame is the very text socket.io and engine.io would write (`42["room:snapshot",…]`), so clients read it
 * as any other event.
 *
 * Why: socket.io and engine.io handle each packet as an object with events, callbacks and a queue of
 * their own (`packetCreate`, `flush`, `drain`, the send's callback), and a move sends one push to each
 * seat. At the load benchmark's peak, three runs each way alternated, this path took the server's CPU
 * per move from about 0.256 to 0.221 ms (0.87×; docs/perf.md); it is a string and a ws send.
 *
 * Returns whether the frame went directly (tests check that the path is taken; if engine.io's fields
 * change, the push still goes, through `emit`).
 */
export function emitPush(socket: TableeSocket, push: EncodedJson<RoomPush>): boolean {
  const connection = socket.conn as unknown as EngineConnection;
  const webSocket = connection.transport.socket;
  if (
    socket.connected &&
    socket.nsp.name === "/" &&
    connection.readyState === "open" &&
    connection.transport.name === "websocket" &&
    connection.writeBuffer?.length === 0 &&
    webSocket?.readyState === WS_OPEN
  ) {
    webSocket.send(`${PUSH_FRAME_START}${push.text}]`);
    return true;
  }
  socket.emit("room:snapshot", push);
  return false;
}
