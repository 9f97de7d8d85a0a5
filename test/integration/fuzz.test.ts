import { Writable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientPayloadSchemas, type ClientEventName } from "../../shared/protocol";
import { createRoom, expectOk, TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

const PAYLOADS = Number(process.env.FUZZ_PAYLOADS ?? 100_000);
const EVENTS = Object.keys(clientPayloadSchemas) as ClientEventName[];
const NASTY_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

/** A value of the wrong kind for any field: types, sizes, numbers and strings that break naive code. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom(-1, 0.5, -0.000001, 1e308, Number.MAX_SAFE_INTEGER, NaN, Infinity, null, true, "", " "),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ minLength: 200, maxLength: 3000 }),
  fc.array(fc.integer(), { minLength: 500, maxLength: 2000 }),
  fc.dictionary(fc.constantFrom(...NASTY_KEYS), fc.anything({ maxDepth: 1 })),
);

/** Mutates a valid payload: drop, replace or add keys (prototype-pollution keys included). */
function nearValid(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  return fc.oneof(
    fc.record({ key: fc.constantFrom(...keys), value: wrongValue }).map(({ key, value }) => ({ ...base, [key]: value })),
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))),
    fc.record({ key: fc.oneof(fc.constantFrom(...NASTY_KEYS), fc.string({ maxLength: 12 })), value: wrongValue }).map(({ key, value }) => {
      const copy: Record<string, unknown> = { ...base };
      Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
      return copy;
    }),
    fc.record({ move: wrongValue }).map(({ move }) => ({ ...base, move })),
  );
}

/**
 * ≥ 100,000 random and near-valid payloads against a live server with started rooms of every game:
 * nothing crashes or logs an unexpected error, every payload gets an answer, and no room changes.
 */
describe("socket fuzzing", () => {
  let server: TestServer;
  const errorLines: string[] = [];
  const unhandled: unknown[] = [];
  const rooms: { roomId: string; creatorToken: string; tokens: string[] }[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n")) if (/"level":(50|60)/u.test(line)) errorLines.push(line);
        done();
      },
    });
    server = await startTestServer({ logStream, logLevel: "warn", metrics: { kind: "open" } });
    const setup = await TestClient.connect(server.url);
    for (const game of server.app.rooms.games) {
      const { roomId, creatorToken } = await createRoom(server.url, game.id);
      expectOk(await setup.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
      const tokens: string[] = [];
      for (let seat = 0; seat < game.minSeats; seat++) tokens.push(expectOk(await setup.emit("seat:claim", { roomId, seat, nickname: `P${seat}` })).seatToken);
      expectOk(await setup.emit("game:start", { roomId, creatorToken }));
      rooms.push({ roomId, creatorToken, tokens });
    }
    setup.close();
  });

  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    await server?.close();
  });

  it(`answers ${PAYLOADS.toLocaleString("en")} hostile payloads with error codes and changes no room`, { timeout: 600_000 }, async () => {
    // What a player could change (a game's own clock may move it on: a peek window ends by itself).
    const playerVisible = async () =>
      Promise.all(
        (await server.db.prisma.room.findMany({ orderBy: { id: "asc" } })).map(async (r) => [
          r.id,
          r.status,
          JSON.stringify(r.seats),
          JSON.stringify(r.settings),
          await server.db.prisma.roomMove.count({ where: { roomId: r.id, seat: { gte: 0 } } }),
        ]),
      );
    const before = await playerVisible();
    // Valid-looking bases using real room ids (and real tokens in the wrong places).
    const bases: { event: ClientEventName; payload: Record<string, unknown> }[] = rooms.flatMap(({ roomId, creatorToken, tokens }) => [
      { event: "room:watch", payload: { roomId, seatTokens: tokens, creatorToken } },
      { event: "seat:claim", payload: { roomId, seat: 0, nickname: "Mallory" } },
      { event: "seat:configure", payload: { roomId, creatorToken: tokens[0], seat: 1, kind: "open" } },
      { event: "seat:takeover", payload: { roomId, seatToken: tokens[0], seat: 1 } },
      { event: "room:settings", payload: { roomId, botSpeed: "fast" } },
      { event: "game:start", payload: { roomId, creatorToken: tokens[1] } },
      { event: "game:pause", payload: { roomId, creatorToken: tokens[0] } },
      { event: "game:resume", payload: { roomId, token: "f".repeat(43) } },
      { event: "game:move", payload: { roomId, seat: 1, seatToken: tokens[0], move: { type: "pass" } } },
      { event: "game:move", payload: { roomId, seat: 0, seatToken: creatorToken, move: {} } },
      { event: "chat:send", payload: { roomId, text: "hello", seat: 1 } },
      { event: "chat:send", payload: { roomId, phrase: "oops", nickname: "Mallory" } },
      { event: "game:rematch", payload: { roomId, token: tokens[0] } },
      { event: "room:settings", payload: { roomId, token: tokens[0], chatMutedSeats: [0], spectatorChat: false } },
    ]);
    const payload = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...bases).chain((base) => nearValid(base.payload).map((p) => ({ event: base.event, payload: p }))) },
      { weight: 3, arbitrary: fc.record({ event: fc.constantFrom(...EVENTS), payload: wrongValue }) },
      { weight: 1, arbitrary: fc.record({ event: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty")), payload: wrongValue }) },
    );
    const clients = await Promise.all(Array.from({ length: 8 }, () => TestClient.connect(server.url)));
    let answered = 0;
    let okWatches = 0;
    const unexpectedOk: unknown[] = [];
    const batch = 400;
    for (let sent = 0; sent < PAYLOADS; sent += batch) {
      const samples = fc.sample(payload, { numRuns: batch, seed: sent });
      await Promise.all(
        samples.map(async ({ event, payload: body }, i) => {
          const client = clients[i % clients.length];
          if (!client) return;
          const ack = (await Promise.race([client.emitRaw(event, body), new Promise((r) => setTimeout(() => r({ timeout: true }), 10_000))])) as {
            ok?: boolean;
            error?: { code?: unknown };
            timeout?: boolean;
          };
          if (ack.timeout) throw new Error(`no answer to ${event}: ${JSON.stringify(body)?.slice(0, 200)}`);
          answered++;
          if (ack.ok === true) {
            if (event === "room:watch") okWatches++; // watching changes nothing
            else if (event !== "chat:send") unexpectedOk.push({ event, body }); // a near-valid message from a watcher is just a message

          } else {
            expect(typeof ack.error?.code).toBe("string");
          }
        }),
      );
    }
    for (const client of clients) client.close();
    expect(answered).toBe(Math.ceil(PAYLOADS / batch) * batch);
    expect(unexpectedOk).toEqual([]);
    expect(okWatches).toBeGreaterThan(0); // some near-valid payloads were valid: the fuzzer reaches the handlers
    expect(await playerVisible()).toEqual(before);
    expect(errorLines).toEqual([]);
    expect(unhandled).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(Object.prototype).not.toHaveProperty("polluted");
    // Nothing the fuzzer sent became a metric label (test/integration/metrics.test.ts checks every label value).
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    for (const { roomId } of rooms) expect(metrics).not.toContain(roomId);
    expect(metrics).not.toContain("Mallory");
  });
});
