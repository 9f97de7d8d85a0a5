import { describe, expect, it, vi } from "vitest";
import { GAMES } from "../../shared/games/registry";
import type { ChatStore } from "../chat/store";
import { DEFAULT_SETTINGS, type RoomRecord } from "../rooms/record";
import { RoomService } from "../rooms/service";
import type { RoomStore } from "../rooms/store";
import { hashToken, newRoomId, newToken } from "../rooms/tokens";
import { claimSeat, newRoom, startGame } from "../rooms/transitions";
import { attachSocketHandlers } from "./handlers";
import { fakeConnection, quietLog } from "./testkit";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const now = new Date(0);

/** A two-player room, Ann holding `token` at seat 0: its lobby, or the game started and then in `status`. */
function room(token: string, status: RoomRecord["status"]): RoomRecord {
  let record = newRoom(newRoomId(), qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "creator", now);
  record = claimSeat(record, 0, "Ann", hashToken(token), now);
  record = claimSeat(record, 1, "Bob", hashToken(newToken()), now);
  return status === "waiting" ? record : { ...startGame(record, qwirkle, "seed", now), status };
}

/** A player's page watches the room (the socket layer then holds it), then is closed; resolves with how many rooms it still holds. */
async function watchThenClose(record: RoomRecord, token: string): Promise<number> {
  const store = { deadline: () => null, load: async () => record } as unknown as RoomStore;
  const chat = { recent: async () => [] } as unknown as ChatStore;
  const connection = fakeConnection();
  const sockets = attachSocketHandlers(connection.io as never, new RoomService(store, quietLog), chat, quietLog);
  connection.connect();
  const answers: unknown[] = [];
  connection.send("room:watch", { roomId: record.id, seatTokens: [token] }, (answer: unknown) => answers.push(answer));
  await vi.waitFor(() => expect(answers).toEqual([expect.objectContaining({ ok: true })]));
  await vi.waitFor(() => expect(sockets.roomsRemembered()).toBe(1));
  connection.socket.connected = false;
  connection.listeners.disconnect!("transport close");
  return sockets.roomsRemembered();
}

describe("what the socket layer remembers of a room", () => {
  it("forgets a finished room or a lobby once nobody here watches it (a server up for months held every room it ever broadcast)", async () => {
    for (const status of ["finished", "waiting"] as const) {
      const token = newToken();
      expect(await watchThenClose(room(token, status), token)).toBe(0);
    }
  });

  it("keeps a room in play or paused after its last page closes: a seat's away time counts from when it was last seen", async () => {
    for (const status of ["playing", "paused"] as const) {
      const token = newToken();
      expect(await watchThenClose(room(token, status), token)).toBe(1);
    }
  });
});
