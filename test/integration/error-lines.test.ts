import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectOk } from "../support/client";
import { seatedPair } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";

/** What a driver's error looks like: its message and detail quote the row it was sent. */
const quotingError = () =>
  Object.assign(new Error('invalid input syntax for type json: {"seats":[{"nickname":"Zoé Secret"}]}'), { code: "22P02", detail: "Zoé Secret", where: 'JSON data, line 1: {"nickname":"Zoé Secret"' });

/**
 * The generic error lines ("unexpected error" of the HTTP routes, "unexpected error in socket
 * handler") log the error's class, codes and stack frames, never its message, detail or where, which
 * may quote stored room data and nicknames (issue 32, point 6's rule, for the lines it left).
 */
describe("unexpected errors in the log", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ captureLog: true, logLevel: "info" });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
  });

  it("an HTTP route: answered 500 INTERNAL, one line with the class and codes, no message", async () => {
    const { roomId, players } = await seatedPair(server.url);
    try {
      const before = server.logLines().length;
      vi.spyOn(server.app.rooms, "get").mockRejectedValueOnce(quotingError());
      const response = await fetch(`${server.url}/api/rooms/${roomId}`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: { code: "INTERNAL", message: "something went wrong on the server" } });
      const lines = server.logLines().slice(before).filter((line) => line.includes("unexpected error"));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, error: { type: "Error", codes: ["22P02"], frames: expect.any(Array) } });
      expect(lines[0]).not.toContain("Zoé");
    } finally {
      for (const p of players) p.client.close();
    }
  });

  it("a socket handler: answered INTERNAL, one line with the class and codes, no message", async () => {
    const { roomId, players } = await seatedPair(server.url);
    try {
      const before = server.logLines().length;
      vi.spyOn(server.app.rooms, "move").mockRejectedValueOnce(quotingError());
      const answer = await players[0]!.client.emit("game:move", { roomId, seat: 0, seatToken: players[0]!.token, move: { type: "pass" } });
      expect(answer).toEqual({ ok: false, error: { code: "INTERNAL", message: "something went wrong on the server" } });
      const lines = server.logLines().slice(before).filter((line) => line.includes("unexpected error in socket handler"));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, event: "game:move", error: { type: "Error", codes: ["22P02"] } });
      expect(lines[0]).not.toContain("Zoé");
      expectOk(await players[0]!.client.emit("room:watch", { roomId, seatTokens: [players[0]!.token] })); // the socket goes on
    } finally {
      for (const p of players) p.client.close();
    }
  });
});
