import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoom, expectOk, TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Issue 32, points 6 and 7: strings that JSON or Postgres cannot store (a lone UTF-16 surrogate) and
 * names that show reversed or empty (bidi controls, invisible characters) are refused at the
 * boundary with BAD_REQUEST and the reason, change nothing and log nothing; and when a write fails
 * anyway, its log line names the room and the codes, never what was being stored.
 */
describe("strings at the boundary", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.url);
    clients.push(client);
    return client;
  };
  const errorLines = () => server.logLines().filter((line) => /"level":(50|60)/u.test(line));

  beforeAll(async () => {
    server = await startTestServer({ captureLog: true });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  /** A started Qwirkle room with Alice seated, watched by her client and by a spectator. */
  async function room() {
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "quick" });
    const alice = await connect();
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const spectator = await connect();
    expectOk(await spectator.emit("room:watch", { roomId, seatTokens: [] }));
    return { roomId, creatorToken, alice, spectator };
  }

  it("refuses a lone surrogate in a nickname with BAD_REQUEST, not UNAVAILABLE; nothing stored, no error logged, and every try answered the same", async () => {
    const { roomId, alice } = await room();
    const before = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(await alice.emitRaw("seat:claim", { roomId, seat: 0, nickname: "a\ud800b" })).toEqual({
        ok: false,
        error: { code: "BAD_REQUEST", message: "bad seat:claim payload at nickname: nickname is not well-formed UTF-16 (a lone surrogate)" },
      });
    }
    const after = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    expect(after.version).toBe(before.version);
    expect(errorLines()).toEqual([]);
    // A well-formed pair (an emoji) is text like any other.
    expect(expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "Alice 😀" })).seat).toBe(0);
  });

  it.each([
    ["a bidi override", "\u202eecilA", "nickname has bidirectional control characters (U+202A–U+202E, U+2066–U+2069)"],
    ["an isolate", "Bob\u2067x", "nickname has bidirectional control characters (U+202A–U+202E, U+2066–U+2069)"],
    ["only a zero width space", "\u200b", "nickname has no visible character"],
    ["only Hangul fillers", "\u3164\u3164", "nickname has no visible character"],
  ])("refuses a nickname with %s, saying why", async (_name, nickname, reason) => {
    const { roomId, alice } = await room();
    expect(await alice.emitRaw("seat:claim", { roomId, seat: 0, nickname })).toEqual({
      ok: false,
      error: { code: "BAD_REQUEST", message: `bad seat:claim payload at nickname: ${reason}` },
    });
  });

  it("refuses the same in chat text and spectator names; nothing stored, no error logged", async () => {
    const { roomId, spectator } = await room();
    const refusals: [Record<string, unknown>, string][] = [
      [{ roomId, text: "hi \ud800", nickname: "Zoé" }, "text: the message is not well-formed UTF-16 (a lone surrogate)"],
      [{ roomId, text: "hi \udc00 there", nickname: "Zoé" }, "text: the message is not well-formed UTF-16 (a lone surrogate)"],
      [{ roomId, text: "hello", nickname: "Zo\ud800é" }, "nickname: nickname is not well-formed UTF-16 (a lone surrogate)"],
      [{ roomId, text: "\u202egnp.exe", nickname: "Zoé" }, "text: the message has bidirectional control characters (U+202A–U+202E, U+2066–U+2069)"],
      [{ roomId, text: "hello", nickname: "\u2066Zoé" }, "nickname: nickname has bidirectional control characters (U+202A–U+202E, U+2066–U+2069)"],
      [{ roomId, text: "\u200b\u200b", nickname: "Zoé" }, "text: the message has no visible character"],
      [{ roomId, phrase: "oops", nickname: "\u200b" }, "nickname: nickname has no visible character"],
    ];
    for (const [payload, reason] of refusals) {
      expect(await spectator.emitRaw("chat:send", payload)).toEqual({ ok: false, error: { code: "BAD_REQUEST", message: `bad chat:send payload at ${reason}` } });
    }
    expect(await server.db.prisma.chatMessage.count({ where: { roomId } })).toBe(0);
    expect(errorLines()).toEqual([]);
    expectOk(await spectator.emit("chat:send", { roomId, text: "bravo 👏", nickname: "Zoé" }));
  });

  it("refuses them over HTTP too: room options' names and the score list's nickname filter", async () => {
    const created = await fetch(`${server.url}/api/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ gameId: "qwirkle", options: { "mo\ud800de": "quick" } }),
    });
    expect(created.status).toBe(400);
    const scores = await fetch(`${server.url}/api/scores?nickname=${encodeURIComponent("\u202eAlice")}`);
    expect(scores.status).toBe(400);
    expect(await scores.json()).toEqual({ error: { code: "BAD_REQUEST", message: "nickname has bidirectional control characters (U+202A–U+202E, U+2066–U+2069)" } });
    expect(errorLines()).toEqual([]);
  });

  it("logs a failed write with the room's id and the database's codes, never the room's data (what the schema would have caught)", async () => {
    const { roomId } = await room();
    // Straight to the room service, past the schemas: the database refuses the JSON of the seats.
    await expect(server.app.rooms.claimSeat(roomId, 0, "Mallory\ud800")).rejects.toMatchObject({ code: "UNAVAILABLE" });
    const lines = errorLines();
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { msg: string; roomId: string; error: { type: string; codes: string[] } };
    expect(line).toMatchObject({ msg: "database operation failed", roomId, error: { codes: ["22P02"] } });
    expect(lines[0]).not.toContain("Mallory");
    expect(lines[0]).not.toContain("nickname");
    expect(lines[0]).not.toContain("seats");
  });
});
