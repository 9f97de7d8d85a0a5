import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundsFor, enumeratePlacements, type QwirkleState, type QwirkleView, type Tile } from "../../shared/games/qwirkle";
import type { RoomPush, RoomSnapshot } from "../../shared/protocol";
import { createRoom, expectOk, TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/** Two real socket.io clients play through a Qwirkle room on a real database. */
const isSnapshot = (payload: unknown): payload is RoomPush =>
  typeof payload === "object" && payload !== null && "room" in payload && "roomRevision" in payload && "views" in payload;

describe("a Qwirkle room between two sockets", () => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let spectator: TestClient;
  let roomId = "";
  let creatorToken = "";
  const tokens: string[] = [];

  const stored = async () => {
    const row = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    // The room's state as the server holds it (the row keeps a checkpoint of it every few moves).
    return { row, state: (await server.app.rooms.get(roomId)).state as QwirkleState };
  };
  const viewOf = (snapshot: RoomSnapshot): QwirkleView => snapshot.views[0]?.view as QwirkleView;

  beforeAll(async () => {
    server = await startTestServer();
    ({ roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "quick" }));
    alice = await TestClient.connect(server.url);
    bob = await TestClient.connect(server.url);
    spectator = await TestClient.connect(server.url);
  });

  afterAll(async () => {
    for (const client of [alice, bob, spectator]) client?.close();
    await server?.close();
  });

  it("lets two players take seats with nicknames and refuses bad claims", async () => {
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    expectOk(await bob.emit("room:watch", { roomId, seatTokens: [] }));
    expectOk(await spectator.emit("room:watch", { roomId, seatTokens: [] }));
    tokens[0] = expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "  Alice " })).seatToken;
    const taken = await bob.emit("seat:claim", { roomId, seat: 0, nickname: "Bob" });
    expect(taken).toMatchObject({ ok: false, error: { code: "SEAT_TAKEN" } });
    const control = await bob.emit("seat:claim", { roomId, seat: 1, nickname: "B\u0007ob" });
    expect(control).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    const tooLong = await bob.emit("seat:claim", { roomId, seat: 1, nickname: "x".repeat(25) });
    expect(tooLong).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    tokens[1] = expectOk(await bob.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" })).seatToken;
    const lobby = await alice.waitFor((s) => s.room.seats[1]?.kind === "human");
    expect(lobby.room.seats.slice(0, 2).map((s) => s.nickname)).toEqual(["Alice", "Bob"]);
    expect(lobby.room.seats[0]?.connected).toBe(true);
  });

  it("only lets the creator start", async () => {
    const notCreator = await bob.emit("game:start", { roomId, creatorToken: tokens[1] ?? "" });
    expect(notCreator).toMatchObject({ ok: false, error: { code: "NOT_CREATOR" } });
    expectOk(await alice.emit("game:start", { roomId, creatorToken }));
    const started = await bob.waitFor((s) => s.room.status === "playing");
    expect(started.room.seats).toHaveLength(2); // the two open seats were dropped
    expect(started.views).toHaveLength(1);
    expect(started.views[0]?.seat).toBe(1);
    expect(viewOf(started).hand).toHaveLength(6);
    expect(viewOf(started).bagCount).toBe(36 - 12);
    const watching = await spectator.waitFor((s) => s.room.status === "playing");
    expect(watching.views).toEqual([{ seat: null, view: expect.objectContaining({ hand: null }) }]);
  });

  it("refuses illegal moves and changes nothing", async () => {
    const before = await stored();
    const hand = viewOf(alice.latest).hand as Tile[];
    const [first, second] = hand as [Tile, Tile];
    const attempts: { client: TestClient; payload: Parameters<TestClient["emit"]>[1]; code: string; rule?: string }[] = [
      { client: bob, payload: { roomId, seat: 1, seatToken: tokens[1] ?? "", move: { type: "pass" } }, code: "NOT_YOUR_TURN" },
      { client: bob, payload: { roomId, seat: 0, seatToken: tokens[1] ?? "", move: { type: "pass" } }, code: "NOT_YOUR_SEAT" },
      { client: alice, payload: { roomId, seat: 0, seatToken: tokens[0] ?? "", move: { type: "teleport" } }, code: "BAD_MOVE" },
      { client: alice, payload: { roomId, seat: 0, seatToken: tokens[0] ?? "", move: { type: "pass" } }, code: "RULE_VIOLATION", rule: "CANNOT_PASS" },
      {
        client: alice,
        payload: { roomId, seat: 0, seatToken: tokens[0] ?? "", move: { type: "place", placements: [{ row: 99, col: 0, ...first }] } },
        code: "RULE_VIOLATION",
        rule: "OUT_OF_BOARD",
      },
      {
        client: alice,
        payload: { roomId, seat: 0, seatToken: tokens[0] ?? "", move: { type: "place", placements: [{ row: 2, col: 2, ...first }, { row: 4, col: 4, ...second }] } },
        code: "RULE_VIOLATION",
        rule: "NOT_IN_ONE_LINE",
      },
      { client: alice, payload: { roomId, seat: 0, seatToken: tokens[0] ?? "", move: { type: "exchange", tiles: [...hand, ...hand] } }, code: "BAD_MOVE" },
    ];
    for (const attempt of attempts) {
      const ack = await attempt.client.emit("game:move", attempt.payload as never);
      expect(ack, JSON.stringify(attempt.payload)).toMatchObject({ ok: false, error: { code: attempt.code } });
      if (attempt.rule) expect(ack).toMatchObject({ error: { rule: attempt.rule } });
    }
    const notInHand = otherTile(hand);
    const ack = await alice.emit("game:move", { roomId, seat: 0, seatToken: tokens[0] ?? "", move: { type: "place", placements: [{ row: 5, col: 5, ...notInHand }] } });
    expect(ack).toMatchObject({ ok: false, error: { code: "RULE_VIOLATION", rule: "TILE_NOT_IN_HAND" } });
    const after = await stored();
    expect(after.row.version).toBe(before.row.version);
    expect(after.state).toEqual(before.state);
    expect(await server.db.prisma.roomMove.count({ where: { roomId } })).toBe(0);
  });

  it("plays legal moves and an exchange, committed before they are broadcast", async () => {
    const play = async (client: TestClient, seat: number) => {
      const view = viewOf(client.latest);
      const moves = enumeratePlacements(view.board, view.hand ?? [], boundsFor(view.options.board));
      const best = moves.sort((a, b) => b.length - a.length)[0];
      if (seat === 0) expect(best).toBeDefined(); // the first move always has a placement
      // Bob exchanges one tile: a second placement can end a quick game (blocked), and the exchange below needs it going on.
      const move = seat === 0 ? { type: "place", placements: best } : { type: "exchange", tiles: (view.hand ?? []).slice(0, 1) };
      const ack = expectOk(await client.emit("game:move", { roomId, seat, seatToken: tokens[seat] ?? "", move }));
      // The move is in the database by the time the player hears it was accepted.
      expect(await server.db.prisma.roomMove.count({ where: { roomId } })).toBe(ack.moveNumber);
      return ack.moveNumber;
    };
    const n1 = await play(alice, 0);
    await bob.waitFor((s) => s.room.moveNumber === n1);
    const n2 = await play(bob, 1);
    await alice.waitFor((s) => s.room.moveNumber === n2);
    const handBefore = viewOf(alice.latest).hand as Tile[];
    const exchange = expectOk(await alice.emit("game:move", { roomId, seat: 0, seatToken: tokens[0] ?? "", move: { type: "exchange", tiles: handBefore.slice(0, 2) } }));
    const afterExchange = await alice.waitFor((s) => s.room.moveNumber === exchange.moveNumber);
    expect(viewOf(afterExchange).hand).toHaveLength(6);
    const bobSees = await bob.waitFor((s) => s.room.moveNumber === exchange.moveNumber);
    expect(bobSees.log.at(-1)?.summary).toEqual({ type: "exchange", seat: 0, count: 2 }); // which tiles stays secret
    expect(viewOf(bobSees).turn).toBe(1);
    // Pushes carry only the log entries not sent before; the merged log is still whole.
    const rawPushes = bob.received.filter((payload): payload is RoomPush => isSnapshot(payload) && payload.room.moveNumber === exchange.moveNumber);
    expect(rawPushes.at(-1)?.log?.map((entry) => entry.moveNumber)).toEqual([exchange.moveNumber]);
    // …and, the room part and bob's seats being as they were, only the room's stamp and no `you`.
    expect(Object.keys(rawPushes.at(-1)?.room ?? {}).sort()).toEqual(["id", "moveNumber", "version"]);
    expect(rawPushes.at(-1)).not.toHaveProperty("you");
    expect(bob.pushGaps).toEqual([]);
    expect(bobSees.log.map((entry) => entry.moveNumber)).toEqual([1, 2, 3]);
  });

  it("never sent one seat's tiles, the bag or the RNG seed to anyone else", async () => {
    const { row, state } = await stored();
    const secrets = [row.seed ?? "", JSON.stringify(state.rng), JSON.stringify(state.bag)];
    for (const [client, seat] of [[alice, 0], [bob, 1], [spectator, null]] as const) {
      expect(client.received.length).toBeGreaterThan(3);
      for (const payload of client.received) {
        const text = JSON.stringify(payload);
        for (const secret of secrets) expect(text).not.toContain(secret);
        expect(text).not.toMatch(/"(bag|rng|seed|hands|state|tokenHash|creatorTokenHash)"/);
        for (const view of (payload as Partial<RoomSnapshot>).views ?? []) expect(view.seat).toBe(seat);
        const snapshot = (payload as { snapshot?: RoomSnapshot }).snapshot;
        for (const view of snapshot?.views ?? []) expect(view.seat).toBe(seat);
      }
    }
    // Each hand the server holds now was seen by its own seat and by nobody else.
    const seen = (client: TestClient) => new Set(client.received.flatMap(handsIn));
    const hand = (seat: number) => canonicalHand(state.hands[seat] ?? []);
    expect(seen(alice).has(hand(0))).toBe(true);
    expect(seen(bob).has(hand(1))).toBe(true);
    expect(seen(bob).has(hand(0))).toBe(false);
    expect(seen(alice).has(hand(1))).toBe(false);
    expect(seen(spectator).has(hand(0)) || seen(spectator).has(hand(1))).toBe(false);
  });

  it("answers malformed payloads and unknown events with an error code", async () => {
    expect(await alice.emitRaw("game:move", "nonsense")).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    expect(await alice.emitRaw("room:watch", { roomId: "x" })).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    expect(await alice.emitRaw("room:watch", { roomId: "A".repeat(22) })).toMatchObject({ ok: false, error: { code: "ROOM_NOT_FOUND" } });
    expect(await alice.emitRaw("admin:drop-tables", {})).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    // The acknowledgement is found last, after no payload or two: each is answered, nothing played.
    expect(await alice.emitRaw("game:move")).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    expect(await alice.emitRaw("game:move", { roomId: "A".repeat(22), seatToken: "x".repeat(43), move: { type: "pass" } }, "extra")).toMatchObject({
      ok: false,
      error: { code: "BAD_REQUEST", message: "game:move: one payload at most, then the acknowledgement" },
    });
  });
});

function otherTile(hand: readonly Tile[]): Tile {
  for (const shape of ["C", "R", "E", "L", "T", "X"] as const) {
    for (const color of [0, 1, 2, 3, 4, 5] as const) {
      if (!hand.some((t) => t.shape === shape && t.color === color)) return { shape, color };
    }
  }
  throw new Error("a hand of 6 cannot hold all 36 tiles");
}

const canonicalHand = (tiles: readonly Tile[]) => tiles.map((t) => `${t.shape}${t.color}`).sort().join(" ");

/** Every `hand` array anywhere in a payload, as canonical text (JSONB reorders object keys). */
function handsIn(payload: unknown): string[] {
  if (Array.isArray(payload)) return payload.flatMap(handsIn);
  if (payload === null || typeof payload !== "object") return [];
  return Object.entries(payload).flatMap(([key, value]) =>
    key === "hand" && Array.isArray(value) ? [canonicalHand(value as Tile[])] : handsIn(value),
  );
}
