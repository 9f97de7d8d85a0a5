import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_HISTORY, type ChatMessage } from "../../shared/protocol";
import { spawnServer, type ChildServer } from "../support/child";
import { chatOf, until } from "../support/chat";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { playScriptedUntilOver } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";
import { clusterServicesReady, deleteStream, SHARED_REDIS_URL } from "../support/sharedRedis";

/**
 * A table across games (issue 34): the games "play again" starts share one chat, and each person
 * keeps their colour whatever seat they take.
 */

/** Alice (the creator, seat 0) and Bob (seat 1) in a started quick Qwirkle room, each on their own socket. */
async function seatedPair(url: string, connect: (url: string) => Promise<TestClient>) {
  const { roomId, creatorToken } = await createRoom(url, "qwirkle", { mode: "quick" });
  const [alice, bob] = [await connect(url), await connect(url)];
  expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
  const aliceToken = expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
  expectOk(await bob.emit("room:watch", { roomId, seatTokens: [] }));
  const bobToken = expectOk(await bob.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" })).seatToken;
  expectOk(await alice.emit("room:watch", { roomId, seatTokens: [aliceToken], creatorToken }));
  expectOk(await bob.emit("room:watch", { roomId, seatTokens: [bobToken] }));
  expectOk(await alice.emit("game:start", { roomId, creatorToken }));
  await alice.waitFor((s) => s.room.status === "playing");
  return { url, roomId, creatorToken, alice, bob, aliceToken, bobToken };
}

type Pair = Awaited<ReturnType<typeof seatedPair>>;

/**
 * Plays `roomId` to its end on sockets of its own (a client's snapshots of an earlier game could be
 * taken for this one's), then has the creator start the next game; returns its id.
 */
async function playAgain(pair: Pair, roomId: string, seats: { alice: number; bob: number }, connect: (url: string) => Promise<TestClient>): Promise<string> {
  const url = pair.url;
  const [alice, bob] = [await connect(url), await connect(url)];
  expectOk(await alice.emit("room:watch", { roomId, seatTokens: [pair.aliceToken], creatorToken: pair.creatorToken }));
  expectOk(await bob.emit("room:watch", { roomId, seatTokens: [pair.bobToken] }));
  await playScriptedUntilOver(roomId, [
    { client: alice, seat: seats.alice, token: pair.aliceToken },
    { client: bob, seat: seats.bob, token: pair.bobToken },
  ]);
  const nextRoomId = expectOk(await alice.emit("game:rematch", { roomId, token: pair.creatorToken })).nextRoomId;
  alice.close();
  bob.close();
  if (nextRoomId === null) throw new Error("no next game");
  return nextRoomId;
}

const texts = (messages: readonly ChatMessage[]) => messages.map((m) => m.text ?? m.phrase);

describe("a table across games, one server", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const connect = async (url: string) => {
    const client = await TestClient.connect(url);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("shows game 1's chat in games 2 and 3, with each writer's colour, wherever they sit now", async () => {
    const pair = await seatedPair(server.url, connect);
    const { roomId, alice, bob, aliceToken, bobToken, creatorToken } = pair;
    const spectator = await connect(server.url);
    expectOk(await spectator.emit("room:watch", { roomId, seatTokens: [] }));
    expectOk(await alice.emit("chat:send", { roomId, text: "good luck, Bob" }));
    expectOk(await bob.emit("chat:send", { roomId, phrase: "thanks" }));
    expectOk(await spectator.emit("chat:send", { roomId, text: "go Alice", nickname: "Zoé" }));

    const game2 = await playAgain(pair, roomId, { alice: 0, bob: 1 }, connect);
    const aliceThere = await alice.watchWithChat({ roomId: game2, seatTokens: [aliceToken], creatorToken });
    const bobThere = await bob.watchWithChat({ roomId: game2, seatTokens: [bobToken] });
    // Seats rotated, colours did not: Alice sits at 1 and is still colour 0.
    expect(aliceThere.snapshot.you.seats).toEqual([1]);
    expect(aliceThere.snapshot.room.seats.map((s) => [s.nickname, s.colour])).toEqual([
      ["Bob", 1],
      ["Alice", 0],
    ]);
    expect(aliceThere.snapshot.room.series.tableId).toBe(roomId);
    // The conversation of game 1, as it was written (seat then, colour for good).
    expect(aliceThere.chat.map((m) => [m.nickname, m.seat, m.colour, m.text ?? m.phrase])).toEqual([
      ["Alice", 0, 0, "good luck, Bob"],
      ["Bob", 1, 1, "thanks"],
      ["Zoé", null, null, "go Alice"],
    ]);
    expect(bobThere.chat.map((m) => m.id)).toEqual(aliceThere.chat.map((m) => m.id));

    // A message of game 2 reaches the players there and the spectator still on game 1: the chat is the table's.
    const [toBob, toSpectator] = [chatOf(bob), chatOf(spectator)];
    const written = expectOk(await alice.emit("chat:send", { roomId: game2, text: "again!" })).message;
    expect(written).toMatchObject({ seat: 1, colour: 0, nickname: "Alice" });
    await until(() => toBob.length === 1 && toSpectator.length === 1);
    expect(toSpectator[0]).toEqual(written);
    expect(texts((await spectator.watchWithChat({ roomId, seatTokens: [] })).chat)).toEqual(["good luck, Bob", "thanks", "go Alice", "again!"]);

    // The host's mute names this game's seats: Bob is seat 0 here.
    expectOk(await alice.emit("room:settings", { roomId: game2, token: creatorToken, chatMutedSeats: [0] }));
    expect(await bob.emit("chat:send", { roomId: game2, phrase: "oops" })).toMatchObject({ ok: false, error: { code: "CHAT_MUTED" } });
    // Nor through game 1's page (the chat is the table's, the mute too); the spectator there follows game 2's switch.
    const bobOnGame1 = await connect(server.url);
    expectOk(await bobOnGame1.emit("room:watch", { roomId, seatTokens: [bobToken] }));
    expect(await bobOnGame1.emit("chat:send", { roomId, phrase: "oops" })).toMatchObject({ ok: false, error: { code: "CHAT_MUTED" } });
    expectOk(await alice.emit("room:settings", { roomId: game2, token: creatorToken, spectatorChat: false }));
    expect(await spectator.emit("chat:send", { roomId, text: "still here", nickname: "Zoé" })).toMatchObject({ ok: false, error: { code: "CHAT_OFF" } });
    expectOk(await alice.emit("room:settings", { roomId: game2, token: creatorToken, chatMutedSeats: [], spectatorChat: true }));
    expectOk(await bob.emit("chat:send", { roomId: game2, phrase: "wellPlayed" }));

    // Game 3 shows games 1 and 2; Alice is back at seat 0, still colour 0.
    const game3 = await playAgain(pair, game2, { alice: 1, bob: 0 }, connect);
    const third = await bob.watchWithChat({ roomId: game3, seatTokens: [bobToken] });
    expect(third.snapshot.room.seats.map((s) => [s.nickname, s.colour])).toEqual([
      ["Alice", 0],
      ["Bob", 1],
    ]);
    expect(texts(third.chat)).toEqual(["good luck, Bob", "thanks", "go Alice", "again!", "wellPlayed"]);
    expect(third.chat.filter((m) => m.nickname === "Bob").map((m) => [m.seat, m.colour])).toEqual([
      [1, 1],
      [0, 1],
    ]);
    // Each message stays with the room it was written in (deleted with it), read by its table.
    const rows = await server.db.prisma.chatMessage.findMany({ where: { tableId: roomId }, orderBy: { id: "asc" }, select: { roomId: true } });
    expect(rows.map((r) => r.roomId)).toEqual([roomId, roomId, roomId, game2, game2]);
  });

  it("keeps the history limit and the per-address cap for the whole table", async () => {
    const pair = await seatedPair(server.url, connect);
    const { roomId, alice, bob, bobToken } = pair;
    // Game 1 already holds more than a watch answers (written straight to the database: the caps are per 10 s).
    const many = CHAT_HISTORY + 5;
    await server.db.prisma.chatMessage.createMany({
      data: Array.from({ length: many }, (_, i) => ({ roomId, tableId: roomId, seat: 0, colour: 0, role: "player", nickname: "Alice", text: `old ${i}` })),
    });
    const game2 = await playAgain(pair, roomId, { alice: 0, bob: 1 }, connect);
    expectOk(await bob.emit("room:watch", { roomId: game2, seatTokens: [bobToken] }));
    // Spectators from this test's one address: 15 messages per 10 s at the table, game 1 and game 2 together.
    const writers = await Promise.all(Array.from({ length: 4 }, () => connect(server.url)));
    for (const writer of writers.slice(0, 2)) expectOk(await writer.emit("room:watch", { roomId, seatTokens: [] }));
    for (const writer of writers.slice(2)) expectOk(await writer.emit("room:watch", { roomId: game2, seatTokens: [] }));
    const acks = [];
    for (const [i, writer] of writers.entries()) for (let n = 0; n < 4; n++) acks.push(await writer.emit("chat:send", { roomId: i < 2 ? roomId : game2, text: `w${i} m${n}`, nickname: `W${i}` }));
    expect(acks.slice(0, 15).every((a) => a.ok)).toBe(true);
    expect(acks[15]).toEqual({ ok: false, error: { code: "RATE_LIMITED", message: "at most 15 chat messages every 10 seconds from one address at a table" } });
    const history = (await alice.watchWithChat({ roomId: game2, seatTokens: [pair.aliceToken] })).chat;
    expect(history).toHaveLength(CHAT_HISTORY);
    expect(history.at(-1)?.text).toBe("w3 m2");
    expect(history[0]?.text).toBe(`old ${many + 15 - CHAT_HISTORY}`);
  });
});

const ready = await clusterServicesReady("the multi-process table tests");

describe.runIf(ready)("a table across games, two processes and a restart", () => {
  let db: TestDatabase;
  let stream: string;
  let env: Record<string, string>;
  const processes: ChildServer[] = [];
  const clients: TestClient[] = [];
  const connect = async (url: string) => {
    const client = await TestClient.connect(url);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
    stream = `tablee-test-${randomBytes(4).toString("hex")}`;
    env = { ...db.env, REDIS_URL: SHARED_REDIS_URL, REDIS_STREAM: stream };
    processes.push(...(await Promise.all([0, 1].map(() => spawnServer(env)))));
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(processes.map((p) => p.kill("SIGKILL")));
    await deleteStream(stream);
    await db?.drop();
  });

  it("carries game 1's chat to a watcher of game 2 on the other process, live and after both processes died", async () => {
    const [first, second] = processes.map((p) => p.url) as [string, string];
    const pair = await seatedPair(first, connect);
    const { roomId, alice, bobToken } = pair;
    expectOk(await alice.emit("chat:send", { roomId, text: "before the rematch" }));
    const game2 = await playAgain(pair, roomId, { alice: 0, bob: 1 }, connect);

    const bobElsewhere = await connect(second);
    const watched = await bobElsewhere.watchWithChat({ roomId: game2, seatTokens: [bobToken] });
    expect(texts(watched.chat)).toEqual(["before the rematch"]);
    const live = chatOf(bobElsewhere);
    expectOk(await alice.emit("chat:send", { roomId, text: "from game 1's page" })); // Alice still on game 1, on the first process
    await until(() => live.length === 1);
    expect(live[0]).toMatchObject({ text: "from game 1's page", seat: 0, colour: 0 });

    for (const p of processes.splice(0)) expect(await p.kill("SIGKILL")).toBeNull();
    processes.push(await spawnServer(env));
    const back = await connect(processes[0]!.url);
    const after = await back.watchWithChat({ roomId: game2, seatTokens: [bobToken] });
    expect(texts(after.chat)).toEqual(["before the rematch", "from game 1's page"]);
    expect(after.snapshot.room.seats.map((s) => [s.nickname, s.colour])).toEqual([
      ["Bob", 1],
      ["Alice", 0],
    ]);
  });
});
