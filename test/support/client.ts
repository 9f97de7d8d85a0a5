import { io, type Socket } from "socket.io-client";
import { mergeLog, type Ack, type ClientToServerEvents, type CreateRoomResponse, type RoomSnapshot, type ServerToClientEvents } from "../../shared/protocol";

type EventName = keyof ClientToServerEvents;
type PayloadOf<E extends EventName> = Parameters<ClientToServerEvents[E]>[0];
type AckOf<E extends EventName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/**
 * A real socket.io client for tests. It records every payload the server sends it (pushed events
 * and acks alike), so tests can check that nothing secret ever reached it.
 */
export class TestClient {
  readonly received: unknown[] = [];
  readonly snapshots: RoomSnapshot[] = [];
  private constructor(readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    socket.onAny((_event: string, ...args: unknown[]) => this.received.push(...args));
    // Pushes carry only new log entries: keep each recorded snapshot's log whole, as the web client does.
    socket.on("room:snapshot", (snapshot) => {
      const known = this.snapshots.at(-1)?.room.id === snapshot.room.id ? (this.snapshots.at(-1)?.log ?? []) : [];
      this.snapshots.push({ ...snapshot, log: mergeLog(known, snapshot.log) });
    });
  }

  static async connect(url: string, options: { reconnection?: boolean } = {}): Promise<TestClient> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: options.reconnection ?? false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return new TestClient(socket);
  }

  /** Emits an event and resolves with the server's ack (recorded like any payload). */
  emit<E extends EventName>(event: E, payload: PayloadOf<E>): Promise<AckOf<E>> {
    return new Promise((resolve) => {
      const emitAny = this.socket.emit.bind(this.socket) as (event: string, ...args: unknown[]) => void;
      emitAny(event, payload, (response: AckOf<E>) => {
        this.received.push(response);
        resolve(response);
      });
    });
  }

  /** Emits anything, for hostile-input tests. */
  emitRaw(event: string, ...args: unknown[]): Promise<unknown> {
    return new Promise((resolve) => {
      const emitAny = this.socket.emit.bind(this.socket) as (event: string, ...args: unknown[]) => void;
      emitAny(event, ...args, (response: unknown) => {
        this.received.push(response);
        resolve(response);
      });
    });
  }

  get latest(): RoomSnapshot {
    const last = this.snapshots.at(-1);
    if (!last) throw new Error("no snapshot yet");
    return last;
  }

  /** Waits until a pushed snapshot satisfies `predicate`. */
  async waitFor(predicate: (snapshot: RoomSnapshot) => boolean, timeoutMs = 10_000): Promise<RoomSnapshot> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.snapshots].reverse().find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error("timed out waiting for a snapshot");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

export function expectOk<T>(ack: Ack<T>): T {
  if (!ack.ok) throw new Error(`expected ok, got ${JSON.stringify(ack.error)}`);
  return ack;
}

export async function createRoom(url: string, gameId: string, options: Record<string, unknown> = {}): Promise<CreateRoomResponse> {
  const response = await fetch(`${url}/api/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ gameId, options }),
  });
  if (response.status !== 201) throw new Error(`room creation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreateRoomResponse;
}
