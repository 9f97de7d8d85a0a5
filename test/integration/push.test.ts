import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadVapidKeys, PushStore } from "../../server/push";
import { hashToken } from "../../server/rooms/tokens";
import { createRoom, expectOk, TestClient } from "../support/client";
import { decryptPush, newDevice, startPushService, verifyVapid, type TestDevice } from "../support/pushService";
import { qwirkleView, scriptedMove } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("Web Push notices", () => {
  let server: TestServer;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.url);
    clients.push(client);
    return client;
  };
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const subscriptions = () => server.db.prisma.pushSubscription.findMany({ orderBy: { id: "asc" } });

  beforeAll(async () => {
    pushService = await startPushService();
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
    await pushService?.close();
  });

  /** Alice and Bob seated in a started Qwirkle room (quick unless told), each watching with their token. */
  async function table(mode: "quick" | "normal" = "quick") {
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode });
    const players = [];
    for (const [seat, nickname] of ["Alice", "Bob"].entries()) {
      const client = await connect();
      expectOk(await client.emit("room:watch", { roomId, seatTokens: [], ...(seat === 0 ? { creatorToken } : {}) }));
      const token = expectOk(await client.emit("seat:claim", { roomId, seat, nickname })).seatToken;
      expectOk(await client.emit("room:watch", { roomId, seatTokens: [token], ...(seat === 0 ? { creatorToken } : {}) }));
      players.push({ client, seat, token, nickname });
    }
    expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));
    const started = await players[0]!.client.waitFor((s) => s.room.status === "playing");
    // Qwirkle picks who starts: "mover" is to play, "away" will close their tab.
    const mover = players.find((p) => p.seat === started.currentSeats[0])!;
    const away = players.find((p) => p !== mover)!;
    return { roomId, creatorToken, mover, away };
  }

  /** Plays the scripted move of a player whose client watches the room with their token. */
  async function play(roomId: string, player: { client: TestClient; seat: number; token: string }) {
    const snapshot = await player.client.waitFor((s) => s.currentSeats.includes(player.seat));
    return expectOk(await player.client.emit("game:move", { roomId, seat: player.seat, seatToken: player.token, move: scriptedMove(qwirkleView(snapshot, player.seat)) }));
  }

  const subscribe = (device: TestDevice, roomId: string, seatTokens: string[], locale: "en" | "fr" = "en", headers: Record<string, string> = {}) =>
    post("/api/push/subscribe", { subscription: device.subscription, locale, rooms: [{ roomId, seatTokens }] }, headers);

  it("tells a seat whose tab is closed that its turn started, signed with the server's VAPID key, encrypted for its device only; a 410 deletes the subscription", async () => {
    const { publicKey } = (await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string };
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    // Normal mode: a quick game (36 tiles) can end after two placements, before the third played here.
    const { roomId, mover, away } = await table("normal");
    const awayDevice = newDevice(`${pushService.url}/push/away-device`);
    const moverDevice = newDevice(`${pushService.url}/push/mover-device`);
    expect(await subscribe(awayDevice, roomId, [away.token])).toEqual({ status: 200, json: { subscribed: 1 } });
    expect(await subscribe(moverDevice, roomId, [mover.token], "fr")).toEqual({ status: 200, json: { subscribed: 1 } });
    // Stored by seat-token hash, never the token.
    const stored = await subscriptions();
    expect(stored.map((s) => s.endpoint)).toEqual([awayDevice.subscription.endpoint, moverDevice.subscription.endpoint]);
    expect(JSON.stringify(stored, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))).not.toContain(away.token);

    away.client.close();
    await mover.client.waitFor((s) => s.room.seats[away.seat]?.connected === false);
    await play(roomId, mover);

    await until(() => pushService.received.length > 0);
    const push = pushService.received[0]!;
    expect(push.path).toBe("/push/away-device");
    const claims = verifyVapid(push, publicKey);
    expect(claims.aud).toBe(pushService.url); // the endpoint's origin
    expect(claims.sub).toBe("mailto:admin@tablee.invalid");
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(decryptPush(awayDevice, push)).toEqual({
      kind: "turn",
      title: "Your turn — Qwirkle",
      body: `Qwirkle with ${mover.nickname}`,
      url: `/r/${roomId}`,
      tag: roomId,
    });
    expect(() => decryptPush(moverDevice, push)).toThrow(); // encrypted for the away device only

    // The same device holds a seat of another table too: a 410 says the device's subscription is gone, all its rows with it.
    const other = await table();
    expect((await subscribe(awayDevice, other.roomId, [other.away.token])).json).toEqual({ subscribed: 1 });
    // Away comes back, plays and leaves again: the mover, connected, is told nothing of their turn...
    pushService.answer(410);
    const back = { ...away, client: await connect() };
    expectOk(await back.client.emit("room:watch", { roomId, seatTokens: [away.token] }));
    const { moveNumber } = await play(roomId, back);
    back.client.close();
    // After that move (an older snapshot of the mover's also has its turn with away gone: its hand then is not its hand now).
    await mover.client.waitFor((s) => s.room.moveNumber >= moveNumber && s.currentSeats.includes(mover.seat) && s.room.seats[away.seat]?.connected === false);
    // ... and when the turn is away's again, the push service says the subscription is gone.
    await play(roomId, mover);
    await until(async () => (await server.db.prisma.pushSubscription.count({ where: { endpoint: awayDevice.subscription.endpoint } })) === 0);
    expect(pushService.received.map((p) => p.path)).toEqual(["/push/away-device", "/push/away-device"]);
    expect(await server.db.prisma.pushSubscription.count({ where: { endpoint: moverDevice.subscription.endpoint } })).toBe(1);
    pushService.answer(201);
  });

  it("tells the absent player how the game ended, in their language, with their public rank", async () => {
    pushService.answer(201); // whatever the test before left it at
    const { roomId, mover, away } = await table();
    const device = newDevice(`${pushService.url}/push/game-over`);
    expect((await subscribe(device, roomId, [away.token], "fr")).json).toEqual({ subscribed: 1 });
    // The away player's socket watches as a spectator: it holds no seat, so the seat counts as absent;
    // it shows its token only for a moment, to read its hand before each of its moves.
    const spy = await connect();
    expectOk(await spy.emit("room:watch", { roomId, seatTokens: [] }));
    away.client.close();
    await mover.client.waitFor((s) => s.room.seats[away.seat]?.connected === false);
    let moveNumber = 0;
    for (let moves = 0; mover.client.latest.room.status !== "finished"; moves++) {
      if (moves > 400) throw new Error("the game did not end");
      const latest = await mover.client.waitFor((s) => s.room.moveNumber === moveNumber);
      if (latest.room.status === "finished") break;
      if (latest.currentSeats.includes(mover.seat)) {
        moveNumber = (await play(roomId, mover)).moveNumber;
      } else {
        const { snapshot } = expectOk(await spy.emit("room:watch", { roomId, seatTokens: [away.token] }));
        expectOk(await spy.emit("room:watch", { roomId, seatTokens: [] }));
        const move = scriptedMove(qwirkleView(snapshot, away.seat));
        moveNumber = expectOk(await spy.emit("game:move", { roomId, seat: away.seat, seatToken: away.token, move })).moveNumber;
      }
      await mover.client.waitFor((s) => s.room.moveNumber >= moveNumber);
    }
    const final = await mover.client.waitFor((s) => s.room.status === "finished");
    const outcome = final.outcome!;
    await until(() => pushService.received.some((p) => p.path === "/push/game-over" && (decryptPush(device, p) as { kind: string }).kind === "gameOver"));
    const notices = pushService.received.filter((p) => p.path === "/push/game-over").map((p) => decryptPush(device, p) as { kind: string; title: string; body: string });
    const result = outcome.winners.includes(away.seat) ? (outcome.winners.length > 1 ? "Victoire partagée" : "Vous avez gagné") : "Vous êtes 2e sur 2";
    expect(notices.at(-1)).toEqual({ kind: "gameOver", title: "Partie terminée — Qwirkle", body: `${result} — Qwirkle avec ${mover.nickname}`, url: `/r/${roomId}`, tag: roomId });
    // Along the way, a turn notice each time the away player's turn started, and nothing else.
    expect(notices.slice(0, -1).every((n) => n.kind === "turn" && n.title === "À vous de jouer — Qwirkle")).toBe(true);
    expect(notices.length).toBeGreaterThan(1);
  });

  it("refuses malformed subscriptions with a clear error, changing nothing", async () => {
    const { roomId, away } = await table();
    const device = newDevice(`${pushService.url}/push/malformed`);
    const good = { subscription: device.subscription, locale: "en", rooms: [{ roomId, seatTokens: [away.token] }] };
    const before = await server.db.prisma.pushSubscription.count();
    const cases: [unknown, RegExp][] = [
      [{ ...good, subscription: undefined }, /subscription/u],
      [{ ...good, subscription: { ...device.subscription, endpoint: "ftp://push.example/x" } }, /subscription\.endpoint: endpoint is not an http\(s\) URL/u],
      [{ ...good, subscription: { ...device.subscription, endpoint: `https://push.example/${"x".repeat(1000)}` } }, /subscription\.endpoint: endpoint is longer than 1000 characters/u],
      [{ ...good, subscription: { ...device.subscription, keys: { p256dh: "short", auth: device.subscription.keys.auth } } }, /subscription\.keys\.p256dh/u],
      [{ ...good, subscription: { ...device.subscription, endpoint: `${device.subscription.endpoint}\ud800` } }, /subscription\.endpoint: endpoint is not well-formed UTF-16/u],
      [{ ...good, subscription: { ...device.subscription, keys: { p256dh: device.subscription.keys.p256dh } } }, /subscription\.keys\.auth/u],
      [{ ...good, locale: "de" }, /locale/u],
      [{ ...good, rooms: [{ roomId, seatTokens: Array.from({ length: 5 }, () => away.token) }] }, /rooms\.0\.seatTokens/u],
      [{ ...good, rooms: Array.from({ length: 201 }, () => ({ roomId, seatTokens: [] })) }, /rooms/u],
      [{ ...good, extra: true }, /extra|unrecognized/iu],
      ["not json at all", /./u],
    ];
    for (const [body, message] of cases) {
      const answer = await post("/api/push/subscribe", body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((answer.json.error as { code: string; message: string }).code).toBe("BAD_REQUEST");
      expect((answer.json.error as { message: string }).message).toMatch(message);
    }
    expect((await post("/api/push/unsubscribe", { endpoint: "nope" })).status).toBe(400);
    expect(await server.db.prisma.pushSubscription.count()).toBe(before);
  });

  it("in production, refuses an endpoint that is not a public https push service (the server must not be made to call its own network)", async () => {
    const strict = await startTestServer({ pushAllowLocalEndpoints: false });
    try {
      const { roomId, creatorToken } = await createRoom(strict.url, "qwirkle", { mode: "quick" });
      const client = await TestClient.connect(strict.url);
      clients.push(client);
      expectOk(await client.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
      const token = expectOk(await client.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
      const device = newDevice(`${pushService.url}/push/strict`);
      const subscribe = (endpoint: string) =>
        fetch(`${strict.url}/api/push/subscribe`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ subscription: { ...device.subscription, endpoint }, locale: "en", rooms: [{ roomId, seatTokens: [token] }] }),
        });
      const refused: [string, string][] = [
        [device.subscription.endpoint, "not https"],
        ["https://169.254.169.254/latest", "linkLocal address"],
        ["https://localhost/push", "localhost"],
        // Issue 32, point 8: what the filter used to take.
        ["https://localhost./push", "localhost"],
        ["https://metadata/computeMetadata/v1", "a single-label host"],
        ["https://ip6-localhost/push", "a single-label host"],
        ["https://router.lan/push", "not under a public top-level domain"],
        ["https://fcm.googleapis.com:22/push", "port 22: push services listen on 443"],
        ["https://fcm.googleapis.com:0/push", "port 0: push services listen on 443"],
        ["https://100.64.0.1/push", "carrierGradeNat address"],
      ];
      for (const [endpoint, reason] of refused) {
        const response = await subscribe(endpoint);
        expect(response.status, endpoint).toBe(400);
        expect(await response.json()).toEqual({ error: { code: "BAD_REQUEST", message: `subscription.endpoint: not a public https push service (${reason})` } });
      }
      expect(await strict.db.prisma.pushSubscription.count()).toBe(0);
      // A public push service is taken (nothing is sent yet: subscribing makes no request).
      expect(await (await subscribe("https://fcm.googleapis.com/fcm/send/abc")).json()).toEqual({ subscribed: 1 });
    } finally {
      await strict.close();
    }
  });

  it("subscribes nothing for tokens that hold no seat, and unsubscribes by seat or by endpoint", async () => {
    const { roomId, creatorToken, mover, away } = await table();
    const device = newDevice(`${pushService.url}/push/phone`);
    const before = await server.db.prisma.pushSubscription.count();
    const unknownRoom = "A".repeat(22);
    const nobody = await post("/api/push/subscribe", {
      subscription: device.subscription,
      locale: "fr",
      rooms: [{ roomId, seatTokens: [creatorToken, "z".repeat(43)] }, { roomId: unknownRoom, seatTokens: [away.token] }],
    });
    expect(nobody).toEqual({ status: 200, json: { subscribed: 0 } });
    expect(await server.db.prisma.pushSubscription.count()).toBe(before);
    // One device holding both seats (pass-and-play); subscribing again updates, not duplicates.
    expect(await subscribe(device, roomId, [mover.token, away.token, away.token])).toEqual({ status: 200, json: { subscribed: 2 } });
    expect(await subscribe(device, roomId, [away.token], "fr")).toEqual({ status: 200, json: { subscribed: 1 } });
    const mine = await server.db.prisma.pushSubscription.findMany({ where: { endpoint: device.subscription.endpoint } });
    expect(mine.map((s) => s.locale).sort()).toEqual(["en", "fr"]);
    expect(await post("/api/push/unsubscribe", { endpoint: device.subscription.endpoint, rooms: [{ roomId, seatTokens: [away.token] }] })).toEqual({ status: 200, json: { removed: 1 } });
    expect(await post("/api/push/unsubscribe", { endpoint: device.subscription.endpoint })).toEqual({ status: 200, json: { removed: 1 } });
    expect(await server.db.prisma.pushSubscription.count()).toBe(before);
  });

  it("keeps a seat's ten most recently subscribed devices", async () => {
    const { roomId, away } = await table();
    const endpoints = Array.from({ length: 12 }, (_, i) => `${pushService.url}/push/device-${i}`);
    for (const endpoint of endpoints) expect((await subscribe(newDevice(endpoint), roomId, [away.token])).json).toEqual({ subscribed: 1 });
    const kept = await server.db.prisma.pushSubscription.findMany({ where: { roomId }, orderBy: { id: "asc" } });
    expect(kept.map((row) => row.endpoint)).toEqual(endpoints.slice(2));
  });

  it("reaches a profile's most recently subscribed devices for its invitations, whatever their push service's address", async () => {
    const older = await table();
    const newer = await table();
    const profileId = "profile-of-many-devices";
    await server.db.pool.query("INSERT INTO profiles (id, display_name, user_handle) VALUES ($1, 'Bob', $1)", [profileId]);
    const session = "session-of-many-devices";
    await server.db.pool.query("INSERT INTO profile_sessions (token_hash, profile_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [hashToken(session), profileId]);
    const signedIn = { cookie: `tablee_session=${session}` };
    // Ten devices subscribed long ago for one seat ("a-…": first in alphabetical order), then the phone in use for another.
    for (let i = 0; i < 10; i++) await subscribe(newDevice(`${pushService.url}/push/a-old-${i}`), older.roomId, [older.away.token], "en", signedIn);
    await server.db.pool.query("UPDATE push_subscriptions SET updated_at = now() - interval '30 days' WHERE room_id = $1", [older.roomId]);
    await subscribe(newDevice(`${pushService.url}/push/z-phone-in-use`), newer.roomId, [newer.away.token], "en", signedIn);
    const reached = (await new PushStore(server.db.prisma).ofProfile(profileId)).map((subscription) => subscription.endpoint);
    expect(reached).toHaveLength(10);
    expect(reached[0]).toBe(`${pushService.url}/push/z-phone-in-use`);
  });

  it("keeps its VAPID key pair in the database (the first one made wins), and deletes subscriptions with their room", async () => {
    const { publicKey } = (await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string };
    const again = await loadVapidKeys(server.db.prisma, { keys: null, subject: "mailto:x@example.invalid" });
    expect(again.publicKey).toBe(publicKey);
    expect(await server.db.prisma.pushVapidKeys.count()).toBe(1);
    const { roomId, away } = await table();
    await subscribe(newDevice(`${pushService.url}/push/gone-with-room`), roomId, [away.token]);
    const stored = await server.db.prisma.pushSubscription.findFirstOrThrow({ where: { roomId } });
    // "Play again" opens a room with the same seat tokens: the subscriptions follow it, once.
    const next = await table();
    const store = new PushStore(server.db.prisma);
    expect(await store.followRematch(roomId, next.roomId)).toBe(1);
    expect(await store.followRematch(roomId, next.roomId)).toBe(0);
    const carried = await server.db.prisma.pushSubscription.findMany({ where: { roomId: next.roomId } });
    expect(carried.map((row) => [row.endpoint, row.seatTokenHash])).toEqual([[`${pushService.url}/push/gone-with-room`, stored.seatTokenHash]]);
    await server.db.prisma.room.delete({ where: { id: roomId } });
    server.app.rooms.forget(roomId);
    expect(await server.db.prisma.pushSubscription.count({ where: { roomId } })).toBe(0);
  });
});
