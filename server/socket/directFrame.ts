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
  if (writeDirectly(socket, `${PUSH_FRAME_START}${push.text}]`)) return true;
  socket.emit("room:snapshot", push);
  return false;
}

/** socket.io 4's per-socket factory of an event's acknowledgement: private, so not in its types. */
interface AckFactory {
  ack?(id: number): (...answer: unknown[]) => void;
}

/**
 * Makes the acknowledgements of this socket's events (a move's answer, every request's) go as their
 * frame directly, as `emitPush` does, when nothing can come between; through socket.io otherwise. The
 * frame is socket.io's own: engine.io's message type (4), socket.io's ack type (3), the event's id,
 * the answer's JSON. Answers are JSON by protocol (no binary data, which socket.io would send apart).
 * If socket.io no longer makes acks this way, its own stay in place.
 */
export function answerDirectly(socket: TableeSocket): void {
  const target = socket as unknown as AckFactory;
  const throughSocketIo = target.ack?.bind(socket);
  if (throughSocketIo === undefined) return;
  target.ack = (id) => {
    let sent = false; // as socket.io's: an answer goes once
    return (...answer) => {
      if (sent) return;
      sent = true;
      if (!writeDirectly(socket, `43${id}${JSON.stringify(answer)}`)) throughSocketIo(id)(...answer);
    };
  };
}

/** Writes `frame` on the socket's WebSocket when nothing of engine.io's waits before it; whether it did. */
function writeDirectly(socket: TableeSocket, frame: string): boolean {
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
    webSocket.send(frame);
    return true;
  }
  return false;
}
