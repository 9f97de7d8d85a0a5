import { io, type Socket } from "socket.io-client";
import { applyPush, isOlderSnapshot, type Ack, type ChatHistory, type ChatMessage, type RoomPush, type ClientToServerEvents, type CreateRoomResponse, type RoomSnapshot, type ServerToClientEvents } from "../../shared/protocol";

type EventName = keyof ClientToServerEvents;
type PayloadOf<E extends EventName> = Parameters<ClientToServerEvents[E]>[0];
type AckOf<E extends EventName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/**
 * A real socket.io client for tests. It records every payload the server sends it (pushed events
 * and acks alike), so tests can check that nothing secret ever reached it.
 */
export class TestClient {
  readonly received: unknown[] = [];
  /** Every whole snapshot this client held, in order: `room:watch` answers and what each push rebuilt. */
  readonly snapshots: RoomSnapshot[] = [];
  /** Every `chat:history` received (one follows each `room:watch` answer), in order. */
  readonly chatHistories: ChatHistory[] = [];
  /** Pushes that built on something this client was never sent (none, unless the server is wrong). */
  readonly pushGaps: RoomPush[] = [];
  /** The newest whole snapshot this client has, from a push or a `room:watch` answer: pushes build on it. */
  private held: RoomSnapshot | null = null;
  private constructor(readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    socket.onAny((_event: string, ...args: unknown[]) => this.received.push(...args));
    // Pushes leave out what this socket was already sent: record each as the whole snapshot it stands
    // for, as the web client does. A push that does not follow on is a server bug here: fail loudly.
    socket.on("room:snapshot", (push) => {
      const outcome = applyPush(this.held, push);
      if (outcome.kind === "gap") this.pushGaps.push(push);
      if (outcome.kind !== "apply") return;
      this.held = outcome.snapshot;
      this.snapshots.push(outcome.snapshot);
    });
    socket.on("chat:history", (history) => this.chatHistories.push(history));
  }

  static async connect(url: string, options: { reconnection?: boolean; headers?: Record<string, string> } = {}): Promise<TestClient> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: options.reconnection ?? false,
      ...(options.headers && { extraHeaders: options.headers }),
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
        this.holdWatchAnswer(event, response);
        resolve(response);
      });
    });
  }

  /** Watches a room as the web client does: its answer, and the table's chat history that follows it. */
  async watchWithChat(payload: PayloadOf<"room:watch">): Promise<{ snapshot: RoomSnapshot; chat: readonly ChatMessage[] }> {
    const before = this.chatHistories.length;
    const { snapshot } = expectOk(await this.emit("room:watch", payload));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const history = this.chatHistories.slice(before).find((h) => h.roomId === payload.roomId);
      if (history) return { snapshot, chat: history.messages };
      if (Date.now() > deadline) throw new Error("no chat history after the watch");
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Emits anything, for hostile-input tests. */
  emitRaw(event: string, ...args: unknown[]): Promise<unknown> {
    return new Promise((resolve) => {
      const emitAny = this.socket.emit.bind(this.socket) as (event: string, ...args: unknown[]) => void;
      emitAny(event, ...args, (response: unknown) => {
        this.received.push(response);
        this.holdWatchAnswer(event, response);
        resolve(response);
      });
    });
  }

  /**
   * A `room:watch` answer is the room as this socket first sees it (its own arrival pushes it
   * nothing) and what later pushes build on, as in the web client (unless a push overtook it).
   */
  private holdWatchAnswer(event: string, response: unknown): void {
    const answer = response as { ok?: boolean; snapshot?: RoomSnapshot } | null;
    if (event !== "room:watch" || !answer?.ok || !answer.snapshot) return;
    if (isOlderSnapshot(this.held, answer.snapshot)) return;
    this.held = answer.snapshot;
    this.snapshots.push(answer.snapshot);
  }

  get latest(): RoomSnapshot {
    const last = this.snapshots.at(-1);
    if (!last) throw new Error("no snapshot yet");
    return last;
  }

  /** Waits until a snapshot held (a watch's answer or a push) satisfies `predicate`. */
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
