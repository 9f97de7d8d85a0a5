import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoom, expectOk, TestClient } from "../support/client";
import { playScriptedUntilOver, qwirkleView } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";

/** Computer seats play on the server: with a human, alone, as stand-ins, at a chosen speed. */
describe("computer seats", () => {
  let server: TestServer;
  let now = Date.now();
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.url);
    clients.push(client);
    return client;
  };
  const waitForRoom = async (roomId: string, predicate: (row: { status: string; moveNumber: number }) => boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
      if (predicate(row)) return row;
      if (Date.now() > deadline) throw new Error(`room stuck at ${row.status} move ${row.moveNumber}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  /** What `send` was answered, and the pushes the socket got before that answer (socket.io keeps their order). */
  const pushesBefore = async <T>(client: TestClient, send: () => Promise<T>): Promise<{ answer: T; pushes: unknown[] }> => {
    const pushes: unknown[] = [];
    const record = (push: unknown) => pushes.push(push);
    client.socket.on("room:snapshot", record);
    try {
      const answer = await send();
      return { answer, pushes: [...pushes] };
    } finally {
      client.socket.off("room:snapshot", record);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(now) });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("plays a full game of one scripted human against three computers", async () => {
    // Normal mode: a quick game (36 tiles) can end blocked within three moves (1 in 500), before the fourth seat moved.
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "normal" });
    const human = await connect();
    expectOk(await human.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const token = expectOk(await human.emit("seat:claim", { roomId, seat: 0, nickname: "Human" })).seatToken;
    for (const [seat, bot] of ["easy", "medium", "hard"].entries()) {
      expectOk(await human.emit("seat:configure", { roomId, creatorToken, seat: seat + 1, kind: "computer", bot }));
    }
    expect(await human.emit("seat:configure", { roomId, creatorToken, seat: 1, kind: "computer", bot: "grandmaster" })).toMatchObject({
      ok: false,
      error: { code: "NO_SUCH_BOT" },
    });
    expectOk(await human.emit("room:watch", { roomId, seatTokens: [token], creatorToken }));
    expectOk(await human.emit("game:start", { roomId, creatorToken }));
    const started = await human.waitFor((s) => s.room.status === "playing");
    expect(started.room.seats.map((s) => [s.kind, s.bot])).toEqual([["human", null], ["computer", "easy"], ["computer", "medium"], ["computer", "hard"]]);
    const final = await playScriptedUntilOver(roomId, [{ client: human, seat: 0, token }]);
    expect(final.outcome?.finished).toBe(true);
    const seatsThatMoved = new Set((await server.db.prisma.roomMove.findMany({ where: { roomId } })).map((m) => m.seat));
    expect([...seatsThatMoved].sort()).toEqual([0, 1, 2, 3]);
    expect(await server.db.prisma.scoreEntry.count({ where: { roomId } })).toBe(4);
  });

  it("finishes a computers-only room with nobody connected (the demo)", async () => {
    const response = await fetch(`${server.url}/api/demo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId: "qwirkle" }) });
    expect(response.status).toBe(201);
    const { roomId } = (await response.json()) as { roomId: string };
    const row = await waitForRoom(roomId, (r) => r.status === "finished");
    expect(row.moveNumber).toBeGreaterThanOrEqual(2); // the demo is quick: it can end blocked after a few placements (1 in 250 within five moves)
    const seats = row.seats as { kind: string; bot: string }[];
    expect(seats.map((s) => [s.kind, s.bot])).toEqual([["computer", "hard"], ["computer", "medium"]]);
    expect((row.options as { mode: string }).mode).toBe("quick");
  });

  it("lets spectators pause a computers-only room and speed it up again", async () => {
    // Normal mode: a quick game (36 tiles) can end after two placements, short of the three awaited here.
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "normal" });
    const creator = await connect();
    expectOk(await creator.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    expectOk(await creator.emit("seat:configure", { roomId, creatorToken, seat: 0, kind: "computer", bot: "easy" }));
    expectOk(await creator.emit("seat:configure", { roomId, creatorToken, seat: 1, kind: "computer", bot: "easy" }));
    const spectator = await connect();
    expectOk(await spectator.emit("room:watch", { roomId, seatTokens: [] }));
    expectOk(await spectator.emit("room:settings", { roomId, botSpeed: "paused" }));
    expectOk(await creator.emit("game:start", { roomId, creatorToken }));
    await spectator.waitFor((s) => s.room.status === "playing" && s.room.settings.botSpeed === "paused");
    await new Promise((r) => setTimeout(r, 300));
    expect((await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } })).moveNumber).toBe(0);
    expect(await spectator.emit("room:settings", { roomId, hints: true })).toMatchObject({ ok: false, error: { code: "NOT_CREATOR" } });
    expectOk(await spectator.emit("room:settings", { roomId, botSpeed: "fast" }));
    await waitForRoom(roomId, (r) => r.moveNumber >= 3);
  });

  it("hands an absent player's seat to a computer, and gives it back when they return", async () => {
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "quick" }).then(async (r) => r);
    const alice = await connect();
    const bob = await connect();
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const aliceToken = expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
    expectOk(await bob.emit("room:watch", { roomId, seatTokens: [] }));
    const bobToken = expectOk(await bob.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" })).seatToken;
    expectOk(await bob.emit("room:watch", { roomId, seatTokens: [bobToken] }));
    await alice.waitFor((s) => s.room.seats[1]?.connected === true); // nothing more on its way to her
    const aliceWatch = await pushesBefore(alice, () => alice.emit("room:watch", { roomId, seatTokens: [aliceToken], creatorToken }));
    expect(aliceWatch.pushes).toEqual([]); // her seat coming online is pushed to Bob; her answer carries it
    expect(expectOk(aliceWatch.answer).snapshot.room.seats[0]?.connected).toBe(true);
    await bob.waitFor((s) => s.room.seats[0]?.connected === true);
    expectOk(await alice.emit("game:start", { roomId, creatorToken }));
    await bob.waitFor((s) => s.room.status === "playing");

    alice.close(); // Alice's tab closes while it is her turn
    const away = await bob.waitFor((s) => s.room.seats[0]?.connected === false);
    expect(away.room.seats[0]?.disconnectedSince).not.toBeNull();
    const early = await bob.emit("seat:takeover", { roomId, seatToken: bobToken, seat: 0 });
    expect(early).toMatchObject({ ok: false, error: { code: "TOO_EARLY" } }); // not away long enough yet
    now += 61_000; // the room's default: 60 s
    expect(await bob.emit("seat:takeover", { roomId, seatToken: bobToken, seat: 1 })).toMatchObject({ ok: false });
    expectOk(await bob.emit("seat:takeover", { roomId, seatToken: bobToken, seat: 0, bot: "medium" }));
    const covered = await bob.waitFor((s) => s.room.moveNumber >= 1);
    expect(covered.room.seats[0]?.standIn).toBe("medium");
    expect(covered.log[0]?.seat).toBe(0); // the computer played Alice's turn

    // Alice reopens the link: her seat is hers again.
    const back = await connect();
    const returning = await pushesBefore(back, () => back.emit("room:watch", { roomId, seatTokens: [aliceToken] }));
    expect(returning.pushes).toEqual([]); // the stand-in leaving is pushed to Bob; the answer carries it to her
    const watched = expectOk(returning.answer);
    expect(watched.snapshot.room.seats[0]?.standIn).toBeNull();
    await bob.waitFor((s) => s.room.seats[0]?.standIn === null && s.room.seats[0]?.connected === true);
    expect(qwirkleView(watched.snapshot).hand).toHaveLength(6);
  });

  it("shows the hint only to the seat to move, when the creator turned hints on", async () => {
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle");
    const alice = await connect();
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const token = expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
    expectOk(await alice.emit("seat:configure", { roomId, creatorToken, seat: 1, kind: "computer", bot: "easy" }));
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [token], creatorToken }));
    expect(await alice.emit("room:settings", { roomId, token, hints: true })).toMatchObject({ ok: false, error: { code: "NOT_CREATOR" } });
    expectOk(await alice.emit("room:settings", { roomId, token: creatorToken, hints: true }));
    expectOk(await alice.emit("game:start", { roomId, creatorToken }));
    const mine = await alice.waitFor((s) => s.room.status === "playing" && s.currentSeats[0] === 0);
    expect(mine.hints).toHaveLength(1);
    const hint = mine.hints[0]!;
    expectOk(await alice.emit("game:move", { roomId, seat: 0, seatToken: token, move: hint.move }));
  });
  it("counts a seat that never connected as away from the game's start, not from the server's (issue 19, item 5)", async () => {
    now += 2 * 3600_000; // the server has been up for hours, far longer than the take-over delay
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "quick" });
    const alice = await connect();
    const bob = await connect();
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const aliceToken = expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
    expectOk(await bob.emit("room:watch", { roomId, seatTokens: [] }));
    expectOk(await bob.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" }));
    bob.close(); // Bob claimed a seat and left before the start: his seat has never been connected in play
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [aliceToken], creatorToken }));
    now += 5_000;
    expectOk(await alice.emit("game:start", { roomId, creatorToken }));
    const started = await alice.waitFor((s) => s.room.status === "playing");
    expect(started.room.seats[1]).toMatchObject({ connected: false, awayMs: 0, disconnectedSince: new Date(now).toISOString() });
    now += 30_000;
    expect(await alice.emit("seat:takeover", { roomId, seatToken: aliceToken, seat: 1 })).toMatchObject({ ok: false, error: { code: "TOO_EARLY" } });
    const watched = expectOk(await alice.emit("room:watch", { roomId, seatTokens: [aliceToken], creatorToken }));
    expect(watched.snapshot.room.seats[1]?.awayMs).toBe(30_000); // not "away for 2 hours"
    now += 31_000; // the room's delay (60 s) after the start
    expectOk(await alice.emit("seat:takeover", { roomId, seatToken: aliceToken, seat: 1 }));
  });
});
