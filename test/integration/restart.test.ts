import { afterAll, describe, expect, it } from "vitest";
import { boundsFor, enumeratePlacements, type QwirkleView } from "../../shared/games/qwirkle";
import type { RoomSnapshot } from "../../shared/protocol";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { scriptedMove } from "../support/qwirkle";
import { restartablePort } from "../support/ports";

/** SIGKILL the server mid-game and start it again on the same database: nothing accepted is lost. */
describe("a server killed with SIGKILL mid-game", () => {
  let db: TestDatabase;
  let server: ChildServer | undefined;
  const clients: TestClient[] = [];

  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.kill("SIGKILL");
    await db?.drop();
  });

  it("continues from the last accepted move, and clients reconnect by themselves", async () => {
    db = await createTestDatabase();
    const port = await restartablePort(); // the same port after restart, as in production
    server = await spawnServer(db.env, port);
    // Normal mode: a quick game (36 tiles) can end after two placements, before the five played here.
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "normal" });
    const players = [await TestClient.connect(server.url, { reconnection: true }), await TestClient.connect(server.url, { reconnection: true })];
    clients.push(...players);
    const tokens: string[] = [];
    for (const [seat, client] of players.entries()) {
      expectOk(await client.emit("room:watch", { roomId, seatTokens: [], creatorToken: seat === 0 ? creatorToken : undefined }));
      tokens.push(expectOk(await client.emit("seat:claim", { roomId, seat, nickname: `P${seat}` })).seatToken);
      // Re-watch with the token, as the web client does, so a reconnect can re-send it.
      expectOk(await client.emit("room:watch", { roomId, seatTokens: [tokens[seat] ?? ""], creatorToken: seat === 0 ? creatorToken : undefined }));
    }
    expectOk(await players[0]!.emit("game:start", { roomId, creatorToken }));
    const view = (snapshot: RoomSnapshot) => snapshot.views[0]?.view as QwirkleView;
    const playOne = async (moveNumber: number) => {
      const seat = moveNumber % 2;
      const client = players[seat]!;
      const current = view(await client.waitFor((s) => s.room.moveNumber === moveNumber && s.room.status === "playing"));
      const ack = expectOk(await client.emit("game:move", { roomId, seat, seatToken: tokens[seat] ?? "", move: scriptedMove(current) }));
      expect(ack.moveNumber).toBe(moveNumber + 1);
    };
    for (let n = 0; n < 4; n++) await playOne(n);
    const before = await Promise.all(players.map((p) => p.waitFor((s) => s.room.moveNumber === 4)));
    expect(before[0]?.room.moveNumber).toBe(4);

    expect(await server.kill("SIGKILL")).toBeNull(); // killed, not exited
    // Clients re-watch on every (re)connect, as the web client does.
    for (const [seat, client] of players.entries()) {
      client.socket.io.on("reconnect", () => {
        void client.emit("room:watch", { roomId, seatTokens: [tokens[seat] ?? ""] });
      });
    }
    server = await spawnServer(db.env, port);

    for (const [seat, client] of players.entries()) {
      const again = await client.waitFor((s) => s.room.moveNumber === 4 && s !== before[seat], 30_000);
      expect(again.views).toEqual(before[seat]?.views);
      expect(again.room.seats.map((s) => s.nickname)).toEqual(["P0", "P1"]);
    }
    await playOne(4); // and the game goes on
    await players[1]!.waitFor((s) => s.room.moveNumber === 5);
  });

  it("resumes a pending computer turn after a restart, and keeps a paused game paused", async () => {
    await server?.kill("SIGKILL");
    const port = await restartablePort();
    // A long thinking pause, so the computer's turn is still pending when the server dies.
    server = await spawnServer({ ...db.env, BOT_DELAY_MS: "60000" }, port);
    const human = await TestClient.connect(server.url, { reconnection: true });
    clients.push(human);
    const bots = await createRoom(server.url, "qwirkle", { mode: "quick" });
    expectOk(await human.emit("room:watch", { roomId: bots.roomId, seatTokens: [], creatorToken: bots.creatorToken }));
    const token = expectOk(await human.emit("seat:claim", { roomId: bots.roomId, seat: 0, nickname: "Solo" })).seatToken;
    expectOk(await human.emit("seat:configure", { roomId: bots.roomId, creatorToken: bots.creatorToken, seat: 1, kind: "computer", bot: "medium" }));
    expectOk(await human.emit("room:watch", { roomId: bots.roomId, seatTokens: [token], creatorToken: bots.creatorToken }));
    expectOk(await human.emit("game:start", { roomId: bots.roomId, creatorToken: bots.creatorToken }));
    const first = await human.waitFor((s) => s.room.status === "playing");
    const view = first.views[0]?.view as QwirkleView;
    const move = enumeratePlacements(view.board, view.hand ?? [], boundsFor(view.options.board))[0];
    expectOk(await human.emit("game:move", { roomId: bots.roomId, seat: 0, seatToken: token, move: { type: "place", placements: move ?? [] } }));

    // A second room, paused by its creator.
    const paused = await createRoom(server.url, "qwirkle", { mode: "quick" });
    expectOk(await human.emit("room:watch", { roomId: paused.roomId, seatTokens: [], creatorToken: paused.creatorToken }));
    expectOk(await human.emit("seat:configure", { roomId: paused.roomId, creatorToken: paused.creatorToken, seat: 0, kind: "computer", bot: "easy" }));
    expectOk(await human.emit("seat:configure", { roomId: paused.roomId, creatorToken: paused.creatorToken, seat: 1, kind: "computer", bot: "easy" }));
    expectOk(await human.emit("room:settings", { roomId: paused.roomId, botSpeed: "paused" }));
    expectOk(await human.emit("game:start", { roomId: paused.roomId, creatorToken: paused.creatorToken }));
    expectOk(await human.emit("game:pause", { roomId: paused.roomId, creatorToken: paused.creatorToken }));
    expectOk(await human.emit("room:settings", { roomId: paused.roomId, botSpeed: "fast" }));
    human.close();

    expect(await server.kill("SIGKILL")).toBeNull();
    server = await spawnServer({ ...db.env, BOT_DELAY_MS: "0" }, port);
    const watcher = await TestClient.connect(server.url);
    clients.push(watcher);
    expectOk(await watcher.emit("room:watch", { roomId: bots.roomId, seatTokens: [token] }));
    const resumed = await watcher.waitFor((s) => s.room.moveNumber === 2, 30_000);
    expect(resumed.log.at(-1)?.seat).toBe(1); // the computer's pending turn was played after the restart
    const stillPaused = expectOk(await watcher.emit("room:watch", { roomId: paused.roomId, seatTokens: [] }));
    expect(stillPaused.snapshot.room.status).toBe("paused");
    await new Promise((r) => setTimeout(r, 500));
    expect([...watcher.snapshots].reverse().find((s) => s.room.id === paused.roomId)?.room.moveNumber).toBe(0); // paused: the computers do not play
    expectOk(await watcher.emit("game:resume", { roomId: paused.roomId, token: paused.creatorToken }));
    await watcher.waitFor((s) => s.room.id === paused.roomId && s.room.moveNumber >= 2, 30_000);
  });
});
