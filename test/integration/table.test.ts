import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../support/child";
import { chatOf, until } from "../support/chat";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { playScriptedUntilOver } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";

/** Two seated players (the first is the creator) watching a started Qwirkle room, and a spectator. */
async function table(url: string, connect: () => Promise<TestClient>, options: Record<string, unknown> = { mode: "quick" }) {
  const { roomId, creatorToken } = await createRoom(url, "qwirkle", options);
  const [alice, bob, spectator] = [await connect(), await connect(), await connect()];
  expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
  const aliceToken = expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
  expectOk(await bob.emit("room:watch", { roomId, seatTokens: [] }));
  const bobToken = expectOk(await bob.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" })).seatToken;
  expectOk(await alice.emit("room:watch", { roomId, seatTokens: [aliceToken], creatorToken }));
  expectOk(await bob.emit("room:watch", { roomId, seatTokens: [bobToken] }));
  expectOk(await alice.emit("game:start", { roomId, creatorToken }));
  expectOk(await spectator.emit("room:watch", { roomId, seatTokens: [] }));
  return { roomId, creatorToken, alice, bob, spectator, aliceToken, bobToken };
}

describe("the table around the game", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.url);
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

  describe("chat", () => {
    it("reaches every watcher once stored, as plain data, and never enters the move log", async () => {
      const { roomId, alice, bob, spectator } = await table(server.url, connect);
      const [toAlice, toBob, toSpectator] = [chatOf(alice), chatOf(bob), chatOf(spectator)];
      const markup = "<img src=x onerror=alert(1)> nice move!";
      const sent = expectOk(await alice.emit("chat:send", { roomId, text: `  ${markup}  ` })).message;
      expect(sent).toMatchObject({ seat: 0, role: "player", nickname: "Alice", text: markup, phrase: null });
      expectOk(await bob.emit("chat:send", { roomId, phrase: "wellPlayed" }));
      expectOk(await spectator.emit("chat:send", { roomId, text: "go Bob", nickname: "Zoé" }));
      await until(() => toAlice.length === 3 && toBob.length === 3 && toSpectator.length === 3);
      expect(toSpectator.map((m) => [m.nickname, m.role, m.text ?? m.phrase])).toEqual([
        ["Alice", "player", markup],
        ["Bob", "player", "wellPlayed"],
        ["Zoé", "spectator", "go Bob"],
      ]);
      const stored = await server.db.prisma.chatMessage.findMany({ where: { roomId } });
      expect(stored.map((m) => m.text ?? m.phrase)).toEqual([markup, "wellPlayed", "go Bob"]);
      // A (re)watch gets the history; the move log and replay know nothing of it.
      const late = await connect();
      expect((await late.watchWithChat({ roomId, seatTokens: [] })).chat.map((m) => m.id)).toEqual(toAlice.map((m) => m.id));
      const log = await (await fetch(`${server.url}/api/rooms/${roomId}/log`)).text();
      expect(log).not.toContain("nice move");
      expect(log).not.toContain("wellPlayed");
    });

    it("refuses bad messages, unknown phrases, strangers to the room and nameless spectators, changing nothing", async () => {
      const { roomId, alice, spectator } = await table(server.url, connect);
      const refusals: [Record<string, unknown>, string][] = [
        [{ roomId, text: "   " }, "BAD_REQUEST"],
        [{ roomId, text: "x".repeat(301) }, "BAD_REQUEST"],
        [{ roomId, text: "line\nbreak" }, "BAD_REQUEST"],
        [{ roomId, text: "a", phrase: "oops" }, "BAD_REQUEST"],
        [{ roomId, phrase: "gg" }, "BAD_REQUEST"],
        [{ roomId, text: "x".repeat(2_000) }, "BAD_REQUEST"],
      ];
      for (const [payload, code] of refusals) expect(await alice.emitRaw("chat:send", payload)).toMatchObject({ ok: false, error: { code } });
      expect(await spectator.emit("chat:send", { roomId, text: "hi" })).toMatchObject({ ok: false, error: { code: "NICKNAME_NEEDED" } });
      expect(await spectator.emit("chat:send", { roomId, text: "hi", seat: 0, nickname: "Eve" })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });
      const stranger = await connect();
      expect(await stranger.emit("chat:send", { roomId, text: "hi", nickname: "Eve" })).toMatchObject({ ok: false, error: { code: "NOT_WATCHING" } });
      expect(await server.db.prisma.chatMessage.count({ where: { roomId } })).toBe(0);
    });

    it("is rate limited per connection with a clear error", async () => {
      const { roomId, bob } = await table(server.url, connect);
      const acks = [];
      for (let i = 0; i < 7; i++) acks.push(await bob.emit("chat:send", { roomId, text: `message ${i}` }));
      expect(acks.slice(0, 5).every((a) => a.ok)).toBe(true);
      expect(acks.slice(5)).toEqual([
        { ok: false, error: { code: "RATE_LIMITED", message: "at most 5 chat messages every 10 seconds from one connection" } },
        { ok: false, error: { code: "RATE_LIMITED", message: "at most 5 chat messages every 10 seconds from one connection" } },
      ]);
      expect(await server.db.prisma.chatMessage.count({ where: { roomId } })).toBe(5);
    });

    it("counts a resent message once: the resends of a message already stored take nothing from the allowance", async () => {
      const { roomId, bob } = await table(server.url, connect);
      const first = await bob.emit("chat:send", { roomId, text: "on a bad connection", clientId: "resent-message-1" });
      expect(first.ok).toBe(true);
      // The answer was lost four times: the phone sends it again with the same client id.
      for (let i = 0; i < 4; i++) expect(await bob.emit("chat:send", { roomId, text: "on a bad connection", clientId: "resent-message-1" })).toEqual(first);
      const more = [];
      for (let i = 0; i < 5; i++) more.push((await bob.emit("chat:send", { roomId, text: `then ${i}` })).ok);
      expect(more).toEqual([true, true, true, true, false]); // 1 + 4 new: the fifth new one is the sixth message
      expect(await server.db.prisma.chatMessage.count({ where: { roomId } })).toBe(5);
    });

    it("is also rate limited per room and address, however many connections, and says which cap refused (issue 32, point 9)", async () => {
      const { roomId } = await table(server.url, connect);
      // Four spectators from this test's one address, each within its own connection's 5.
      const writers = await Promise.all(Array.from({ length: 4 }, () => connect()));
      for (const writer of writers) expectOk(await writer.emit("room:watch", { roomId, seatTokens: [] }));
      const acks = [];
      for (const [i, writer] of writers.entries()) for (let n = 0; n < 4; n++) acks.push(await writer.emit("chat:send", { roomId, text: `w${i} m${n}`, nickname: `W${i}` }));
      expect(acks.slice(0, 15).every((a) => a.ok)).toBe(true);
      expect(acks[15]).toEqual({ ok: false, error: { code: "RATE_LIMITED", message: "at most 15 chat messages every 10 seconds from one address at a table" } });
      expect(await server.db.prisma.chatMessage.count({ where: { roomId } })).toBe(15);
      // Another room: the address has its allowance there.
      const other = await table(server.url, connect);
      expectOk(await writers[0]!.emit("room:watch", { roomId: other.roomId, seatTokens: [] }));
      expectOk(await writers[0]!.emit("chat:send", { roomId: other.roomId, phrase: "oops", nickname: "W0" }));
    });

    it("lets the creator mute a seat and turn spectator chat off, and nobody else", async () => {
      const { roomId, creatorToken, alice, bob, bobToken, spectator } = await table(server.url, connect);
      expect(await bob.emit("room:settings", { roomId, token: bobToken, chatMutedSeats: [0] })).toMatchObject({ ok: false, error: { code: "NOT_CREATOR" } });
      expectOk(await alice.emit("room:settings", { roomId, token: creatorToken, chatMutedSeats: [1], spectatorChat: false }));
      await bob.waitFor((s) => s.room.settings.chatMutedSeats.includes(1));
      expect(await bob.emit("chat:send", { roomId, phrase: "oops" })).toMatchObject({ ok: false, error: { code: "CHAT_MUTED" } });
      expect(await spectator.emit("chat:send", { roomId, text: "hey", nickname: "Zoé" })).toMatchObject({ ok: false, error: { code: "CHAT_OFF" } });
      expectOk(await alice.emit("chat:send", { roomId, phrase: "oneMoment" }));
      expectOk(await alice.emit("room:settings", { roomId, token: creatorToken, chatMutedSeats: [] }));
      expectOk(await bob.emit("chat:send", { roomId, phrase: "thanks" }));
      expect((await server.db.prisma.chatMessage.findMany({ where: { roomId } })).map((m) => m.phrase)).toEqual(["oneMoment", "thanks"]);
    });

    it("answers a resend with the same client id with the stored message, never storing it twice", async () => {
      const { roomId, alice, bob } = await table(server.url, connect);
      const first = expectOk(await alice.emit("chat:send", { roomId, text: "once", clientId: "chat-0001" })).message;
      const again = expectOk(await alice.emit("chat:send", { roomId, text: "once", clientId: "chat-0001" })).message;
      expect(again).toEqual(first);
      expect(await bob.emit("chat:send", { roomId, text: "once", clientId: "chat-0001" })).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
      expectOk(await bob.emit("chat:send", { roomId, text: "twice", clientId: "chat-0002" }));
      expect((await server.db.prisma.chatMessage.findMany({ where: { roomId } })).map((m) => m.text)).toEqual(["once", "twice"]);
    });

    it("is deleted with its room", async () => {
      const { roomId, alice } = await table(server.url, connect);
      expectOk(await alice.emit("chat:send", { roomId, text: "bye" }));
      await server.db.prisma.room.delete({ where: { id: roomId } });
      expect(await server.db.prisma.chatMessage.count({ where: { roomId } })).toBe(0);
    });
  });

  describe("play again", () => {
    it("records an ask, then opens exactly one next game for two asks at the same instant, with the seats rotated", async () => {
      const { roomId, creatorToken, alice, bob, aliceToken, bobToken, spectator } = await table(server.url, connect);
      expect(await bob.emit("game:rematch", { roomId, token: bobToken })).toMatchObject({ ok: false, error: { code: "GAME_NOT_OVER" } });
      const over = await playScriptedUntilOver(roomId, [
        { client: alice, seat: 0, token: aliceToken },
        { client: bob, seat: 1, token: bobToken },
      ]);
      const winners = over.outcome?.winners ?? [];
      expect(await spectator.emit("game:rematch", { roomId, token: "S".repeat(43) })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });
      // Bob is not the creator, and the creator is here: his ask is recorded for her to see.
      expect(expectOk(await bob.emit("game:rematch", { roomId, token: bobToken })).nextRoomId).toBeNull();
      await alice.waitFor((s) => s.room.series.rematchAsks.includes(1));
      const scoreRows = await server.db.prisma.scoreEntry.count({ where: { roomId } });

      // The creator on two devices and Bob, at the same instant: one next game, whoever gets there first.
      const phone = await connect();
      expectOk(await phone.emit("room:watch", { roomId, seatTokens: [aliceToken], creatorToken }));
      const [fromAlice, fromPhone, fromBob] = await Promise.all([
        alice.emit("game:rematch", { roomId, token: creatorToken }),
        phone.emit("game:rematch", { roomId, token: creatorToken }),
        bob.emit("game:rematch", { roomId, token: bobToken }),
      ]);
      const nextRoomId = expectOk(fromAlice).nextRoomId;
      expect(nextRoomId).toMatch(/^[A-Za-z0-9_-]{16,64}$/u);
      expect(expectOk(fromPhone).nextRoomId).toBe(nextRoomId);
      expect([null, nextRoomId]).toContain(expectOk(fromBob).nextRoomId);
      expect(await server.db.prisma.room.count({ where: { series: { path: ["previousRoomId"], equals: roomId } } })).toBe(1);
      // Everyone watching the finished game, spectators too, learns where the next one is.
      for (const client of [alice, bob, spectator]) await client.waitFor((s) => s.room.id === roomId && s.room.series.nextRoomId === nextRoomId);

      // The same tokens hold the seats of game 2: Bob first now, Alice second.
      const bobNext = expectOk(await bob.emit("room:watch", { roomId: nextRoomId ?? "", seatTokens: [bobToken] })).snapshot;
      const aliceNext = expectOk(await alice.emit("room:watch", { roomId: nextRoomId ?? "", seatTokens: [aliceToken], creatorToken })).snapshot;
      expect(bobNext.you.seats).toEqual([0]);
      expect(aliceNext.you).toEqual({ seats: [1], creator: true });
      expect(aliceNext.room).toMatchObject({ status: "playing", moveNumber: 0, options: over.room.options });
      expect(aliceNext.room.seats.map((s) => s.nickname)).toEqual(["Bob", "Alice"]);
      expect(aliceNext.room.series).toEqual({
        number: 2,
        tableId: roomId,
        previousRoomId: roomId,
        nextRoomId: null,
        rematchAsks: [],
        winsBefore: [winners.includes(1) ? 1 : 0, winners.includes(0) ? 1 : 0],
      });
      expect(aliceNext.views[0]?.view).toBeDefined();
      // The finished game stays whole.
      expect(await server.db.prisma.scoreEntry.count({ where: { roomId } })).toBe(scoreRows);
      const log = (await (await fetch(`${server.url}/api/rooms/${roomId}/log`)).json()) as { status: string; entries: unknown[] };
      expect(log.status).toBe("finished");
      expect(log.entries.length).toBe(over.room.moveNumber);
      // Nothing secret of either game reached anyone on the way: no seed, no bag, no RNG, no other hand.
      const secrets = await server.db.prisma.room.findMany({ where: { id: { in: [roomId, nextRoomId ?? ""] } }, select: { seed: true } });
      for (const client of [alice, bob, spectator]) {
        const text = JSON.stringify(client.received);
        for (const { seed } of secrets) expect(text).not.toContain(seed ?? "no seed");
        expect(text).not.toMatch(/"(bag|rng|seed|hands|state|tokenHash|creatorTokenHash|expectedSince)"/u);
      }
      // Asking again later just points to the game already open.
      expect(expectOk(await bob.emit("game:rematch", { roomId, token: bobToken })).nextRoomId).toBe(nextRoomId);
    });

    it("lets the first seated human start it when the creator holds no seat and is gone", async () => {
      const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "quick" });
      const [host, alice, bob] = [await connect(), await connect(), await connect()];
      expectOk(await host.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
      const tokens: string[] = [];
      for (const [seat, client] of [alice, bob].entries()) {
        expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
        tokens.push(expectOk(await client.emit("seat:claim", { roomId, seat, nickname: seat === 0 ? "Alice" : "Bob" })).seatToken);
        expectOk(await client.emit("room:watch", { roomId, seatTokens: [tokens[seat] ?? ""] }));
      }
      expectOk(await host.emit("game:start", { roomId, creatorToken }));
      await alice.waitFor((s) => s.room.status === "playing");
      await playScriptedUntilOver(roomId, [
        { client: alice, seat: 0, token: tokens[0] ?? "" },
        { client: bob, seat: 1, token: tokens[1] ?? "" },
      ]);
      expect(expectOk(await alice.emit("game:rematch", { roomId, token: tokens[0] ?? "" })).nextRoomId).toBeNull(); // the host is here
      host.close();
      await alice.waitFor((s) => s.room.series.rematchAsks.includes(0));
      expect(expectOk(await bob.emit("game:rematch", { roomId, token: tokens[1] ?? "" })).nextRoomId).toBeNull(); // not the first seat
      expect(expectOk(await alice.emit("game:rematch", { roomId, token: tokens[0] ?? "" })).nextRoomId).not.toBeNull();
    });
  });
});

/** Chat is durable like moves: acknowledged once stored, so a SIGKILL right after loses nothing. */
describe("chat across a SIGKILL restart", () => {
  let db: TestDatabase;
  let child: ChildServer | undefined;
  const clients: TestClient[] = [];
  afterAll(async () => {
    for (const client of clients) client.close();
    await child?.kill("SIGKILL");
    await db?.drop();
  });

  it("replays the acknowledged messages to a client that watches again", async () => {
    db = await createTestDatabase();
    child = await spawnServer(db.env);
    const url = child.url;
    const connect = async () => {
      const client = await TestClient.connect(url);
      clients.push(client);
      return client;
    };
    const { roomId, alice } = await table(url, connect);
    const ids: string[] = [];
    for (const text of ["one", "two", "three"]) ids.push(expectOk(await alice.emit("chat:send", { roomId, text })).message.id);
    expect(await child.kill("SIGKILL")).toBeNull();
    child = await spawnServer(db.env);
    const again = await TestClient.connect(child.url);
    clients.push(again);
    const history = (await again.watchWithChat({ roomId, seatTokens: [] })).chat;
    expect(history.map((m) => [m.id, m.text])).toEqual([
      [ids[0], "one"],
      [ids[1], "two"],
      [ids[2], "three"],
    ]);
  });
});
