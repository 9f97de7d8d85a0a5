import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { createRoom, expectOk, TestClient } from "../support/client";
import { countdownGame } from "../support/countdownGame";
import { startTestServer, type TestServer } from "../support/server";

/** Server-owned countdowns, with a test game whose turns last 400 ms. */
describe("game countdowns", () => {
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ games: [...GAMES, countdownGame] });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("passes the turn at the deadline, shows the countdown, and stops while paused", async () => {
    const { roomId, creatorToken } = await createRoom(server.url, "countdown", { turnMs: 400 });
    const client = await TestClient.connect(server.url);
    clients.push(client);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const a = expectOk(await client.emit("seat:claim", { roomId, seat: 0, nickname: "A" })).seatToken;
    const b = expectOk(await client.emit("seat:claim", { roomId, seat: 1, nickname: "B" })).seatToken;
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [a, b], creatorToken }));
    expectOk(await client.emit("game:start", { roomId, creatorToken }));
    const started = await client.waitFor((s) => s.room.status === "playing");
    expect(started.timer).toMatchObject({ key: "turn:0", durationMs: 400 });
    expect(started.timer?.remainingMs).toBeGreaterThan(200);

    const timedOut = await client.waitFor((s) => s.room.moveNumber === 1, 3000);
    expect(timedOut.log.at(-1)).toMatchObject({ seat: -1, summary: { type: "timeout", seat: 0 } });
    expect(timedOut.timer?.key).toBe("turn:1");
    expectOk(await client.emit("game:move", { roomId, seat: 1, seatToken: b, move: { type: "pass" } })); // a move also passes it
    await client.waitFor((s) => s.timer?.key === "turn:2");

    expectOk(await client.emit("game:pause", { roomId, creatorToken }));
    const paused = await client.waitFor((s) => s.room.status === "paused");
    expect(paused.timer).toBeNull();
    await new Promise((r) => setTimeout(r, 700));
    expect((await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } })).moveNumber).toBe(2); // no timeout while paused
    expectOk(await client.emit("game:resume", { roomId, token: creatorToken }));
    await client.waitFor((s) => s.room.moveNumber === 3, 3000);
    const final = await client.waitFor((s) => s.room.status === "finished", 5000);
    expect(final.timer).toBeNull();
    const moves = await server.db.prisma.roomMove.findMany({ where: { roomId }, orderBy: { moveNumber: "asc" } });
    expect(moves.filter((m) => m.seat === -1).length).toBe(5); // every turn but the one played by hand
  });
});
