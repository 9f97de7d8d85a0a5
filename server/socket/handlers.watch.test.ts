import { describe, expect, it, vi } from "vitest";
import { GAMES } from "../../shared/games/registry";
import type { ChatStore } from "../chat/store";
import { DEFAULT_SETTINGS } from "../rooms/record";
import { RoomService } from "../rooms/service";
import type { RoomStore } from "../rooms/store";
import { hashToken, newRoomId, newToken } from "../rooms/tokens";
import { claimSeat, newRoom } from "../rooms/transitions";
import { attachSocketHandlers } from "./handlers";
import { fakeConnection, quietLog } from "./testkit";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;

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
