import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { GAMES } from "../../shared/games/registry";
import type { ChatStore } from "../chat/store";
import { DEFAULT_SETTINGS } from "../rooms/record";
import { RoomService } from "../rooms/service";
import type { RoomStore } from "../rooms/store";
import { hashToken, newRoomId, newToken } from "../rooms/tokens";
import { claimSeat, newRoom } from "../rooms/transitions";
import { attachSocketHandlers } from "./handlers";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A socket.io server and one socket, as far as the handlers use them. */
function fakeConnection() {
  let onConnection: ((socket: unknown) => void) | undefined;
  const io = { on: (event: string, listener: (socket: unknown) => void) => event === "connection" && (onConnection = listener), to: () => ({ emit: () => true }) };
  const listeners: Record<string, (...args: unknown[]) => void> = {};
  let onAny: ((event: string, ...args: unknown[]) => void) | undefined;
  const socket = {
    id: "socket-1",
    data: {},
    connected: true,
    handshake: { address: "127.0.0.1" },
    onAny: (listener: typeof onAny) => (onAny = listener),
    on: (event: string, listener: (...args: unknown[]) => void) => (listeners[event] = listener),
    emit: () => true,
    join: () => undefined,
    leave: () => undefined,
    disconnect: () => undefined,
  };
  return { io, socket, connect: () => onConnection!(socket), send: (event: string, ...args: unknown[]) => onAny!(event, ...args), listeners };
}

describe("room:watch", () => {
  it("a socket that closes while its room is read is not left watching: its seat is not counted connected", async () => {
    const token = newToken();
    const room = claimSeat(newRoom(newRoomId(), qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "creator", new Date(0)), 0, "Ann", hashToken(token), new Date(0));
    let loaded: () => void = () => undefined;
    const read = new Promise<void>((resolve) => (loaded = resolve));
    const store = { deadline: () => null, load: async () => (await read, room) } as unknown as RoomStore;
    const rooms = new RoomService(store, quietLog);
    const chat = { recent: async () => [] } as unknown as ChatStore;
    const connection = fakeConnection();
    const sockets = attachSocketHandlers(connection.io as never, rooms, chat, quietLog);
    connection.connect();
    const answers: unknown[] = [];
    connection.send("room:watch", { roomId: room.id, seatTokens: [token] }, (answer: unknown) => answers.push(answer));
    // The page is closed while the room is read (a first load after a restart, a busy lane).
    connection.socket.connected = false;
    connection.listeners.disconnect!("transport close");
    loaded();
    await vi.waitFor(() => expect(answers).toHaveLength(1)); // the watch is over
    expect(answers).toEqual([{ ok: false, error: expect.objectContaining({ code: "BAD_REQUEST" }) }]);
    expect([...sockets.connectedSeats(await rooms.get(room.id))]).toEqual([]);
  });
});
