import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import type { ClientToServerEvents, ServerToClientEvents } from "../../shared/protocol";
import { createRoom, expectOk, TestClient } from "../support/client";
import { ProfileStore } from "../../server/profiles/store";
import { ProfileDevice } from "../support/profileDevice";
import { startTestServer, type TestServer } from "../support/server";
import { SoftAuthenticator } from "../support/softAuthenticator";

/**
 * Profiles over HTTP (issue 35): passkeys made and used by a software authenticator, so that the
 * answers can be replayed, forged and sent from the wrong place; every refusal leaves the database as it was.
 */
describe("profiles: passkeys, sessions, seats", () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const client of clients) client.close();
    await server?.close();
  });

  const count = async (table: string): Promise<number> => {
    const client = new pg.Client({ connectionString: server.db.url });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
    } finally {
      await client.end();
    }
  };
  const counts = async () => ({
    profiles: await count("profiles"),
    passkeys: await count("passkeys"),
    sessions: await count("profile_sessions"),
    seats: await count("profile_seats"),
  });

  /** A socket of a browser holding this cookie (its session signs the socket in). */
  const socketOf = async (cookie: string | null): Promise<Socket<ServerToClientEvents, ClientToServerEvents>> => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: cookie ?? "" } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    return socket;
  };

  /** A guest's seat: a new Qwirkle room, seat 0 claimed. */
  const guestSeat = async (nickname: string) => {
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle");
    const client = await TestClient.connect(server.url);
    clients.push(client);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const seatToken = expectOk(await client.emit("seat:claim", { roomId, seat: 0, nickname })).seatToken;
    return { roomId, creatorToken, seatToken };
  };

  it("makes a profile from a guest's device: its seats join, the cookie is HttpOnly, Secure, SameSite=Lax", async () => {
    const seat = await guestSeat("Alice");
    const laptop = new ProfileDevice(server.url);
    const { answer } = await laptop.createProfile("Alice", [{ roomId: seat.roomId, seatTokens: [seat.seatToken, "x".repeat(43)], creatorToken: seat.creatorToken }]);
    expect(answer.status).toBe(201);
    expect(answer.setCookie).toMatch(/HttpOnly/u);
    expect(answer.setCookie).toMatch(/Secure/u);
    expect(answer.setCookie).toMatch(/SameSite=Lax/u);
    expect(answer.body.profile.displayName).toBe("Alice");
    // The made-up token holds no seat: only the real ones are kept.
    expect(answer.body.rooms).toEqual([{ roomId: seat.roomId, seatTokens: [seat.seatToken], creatorToken: seat.creatorToken }]);
    expect((await laptop.get("/api/profile")).body.profile.passkeys).toHaveLength(1);
    // Nothing but the name and the owner's own passkey list: no id is ever sent.
    expect(JSON.stringify((await laptop.get("/api/profile")).body)).not.toMatch(/userHandle|profileId/u);
  });

  it("keeps a seat its first profile's: a second profile made on the same device does not take it too (the game stays rated)", async () => {
    const seat = await guestSeat("Hugo");
    const held = [{ roomId: seat.roomId, seatTokens: [seat.seatToken], creatorToken: seat.creatorToken }];
    const first = new ProfileDevice(server.url);
    await first.createProfile("Hugo", held);
    // Hugo signs out (the device keeps the seat it took) and makes another profile there, or syncs into one.
    const second = new ProfileDevice(server.url);
    const { answer } = await second.createProfile("Hugo again", held);
    expect(answer.body.rooms).toEqual([{ roomId: seat.roomId, seatTokens: [], creatorToken: seat.creatorToken }]);
    expect((await second.post("/api/profile/seats", { rooms: held })).body.rooms).toEqual([{ roomId: seat.roomId, seatTokens: [], creatorToken: seat.creatorToken }]);
    const holders = await server.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM profile_seats WHERE room_id = $1 AND NOT creator", [seat.roomId]);
    expect(Number(holders.rows[0]?.n)).toBe(1);
  });

  it("signs in on another device with a synced passkey, rotating the session, and brings the seats", async () => {
    const seat = await guestSeat("Bea");
    const laptop = new ProfileDevice(server.url);
    const { authenticator } = await laptop.createProfile("Bea", [{ roomId: seat.roomId, seatTokens: [seat.seatToken] }]);
    const phone = new ProfileDevice(server.url);
    phone.cookie = laptop.cookie; // a stale cookie of the same browser: replaced, not kept
    const stale = phone.cookie;
    const signedIn = await phone.signIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect(phone.cookie).not.toBe(stale);
    expect(signedIn.body.rooms).toEqual([{ roomId: seat.roomId, seatTokens: [seat.seatToken] }]);
    const oldDevice = new ProfileDevice(server.url);
    oldDevice.cookie = stale;
    expect((await oldDevice.get("/api/profile")).body.profile).toBeNull();
  });

  it("refuses a replayed answer, a forged signature, a wrong origin or RP id, and a reused challenge; nothing changes", async () => {
    const laptop = new ProfileDevice(server.url);
    const { authenticator } = await laptop.createProfile("Chloé");
    const phone = new ProfileDevice(server.url);
    const options = await phone.post("/api/profile/signin/options");
    const request = options.body.options as PublicKeyCredentialRequestOptionsJSON;
    const good = { challengeId: options.body.challengeId, credential: authenticator.authenticate(request) };
    expect((await phone.post("/api/profile/signin", good)).status).toBe(200);
    const before = await counts();
    const refusals: unknown[] = [];
    const attempt = async (body: unknown) => {
      const device = new ProfileDevice(server.url);
      const answer = await device.post("/api/profile/signin", body);
      refusals.push(answer.body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("PASSKEY_REFUSED");
      expect(device.cookie).toBeNull();
    };
    await attempt(good); // replayed as it was
    await attempt({ ...good, credential: authenticator.authenticate(request) }); // the same challenge, freshly signed: used already
    const fresh = async () => {
      const o = await phone.post("/api/profile/signin/options");
      return { challengeId: o.body.challengeId as string, request: o.body.options as PublicKeyCredentialRequestOptionsJSON };
    };
    const forged = await fresh();
    const signed = authenticator.authenticate(forged.request);
    const badSignature = Buffer.from(signed.response.signature, "base64url");
    badSignature[badSignature.length - 1]! ^= 1;
    await attempt({ challengeId: forged.challengeId, credential: { ...signed, response: { ...signed.response, signature: badSignature.toString("base64url") } } });
    const wrongOrigin = await fresh();
    await attempt({ challengeId: wrongOrigin.challengeId, credential: authenticator.authenticate(wrongOrigin.request, { origin: "https://evil.example", rpId: laptop.place.rpId }) });
    const wrongRp = await fresh();
    await attempt({ challengeId: wrongRp.challengeId, credential: authenticator.authenticate(wrongRp.request, { origin: laptop.place.origin, rpId: "evil.example" }) });
    const stranger = new SoftAuthenticator(laptop.place); // a passkey this site never registered
    const unknown = await fresh();
    await attempt({ challengeId: unknown.challengeId, credential: stranger.authenticate(unknown.request) });
    expect(await counts()).toEqual(before);
    // A registration answered from the wrong origin makes no profile either.
    const options2 = await phone.post("/api/profile/create/options", { displayName: "Mallory" });
    const made = new SoftAuthenticator({ origin: "https://evil.example", rpId: laptop.place.rpId }).register(options2.body.options);
    expect((await phone.post("/api/profile/create", { challengeId: options2.body.challengeId, credential: made })).body.error.code).toBe("PASSKEY_REFUSED");
    expect(await counts()).toEqual(before);
  });

  it("a session cookie acts for its own profile only", async () => {
    const alice = new ProfileDevice(server.url);
    const { authenticator: alicePasskey } = await alice.createProfile("Alix");
    const addOptions = await alice.post("/api/profile/passkeys/options");
    expect(addOptions.status).toBe(200);
    const bob = new ProfileDevice(server.url);
    await bob.createProfile("Bob");
    const before = await counts();
    // Bob's cookie cannot remove Alix's passkey, nor answer the challenge handed to Alix.
    const removal = await bob.post("/api/profile/passkeys/remove", { passkeyId: alicePasskey.id });
    expect(removal.body.error.code).toBe("BAD_REQUEST");
    const added = await bob.post("/api/profile/passkeys/add", { challengeId: addOptions.body.challengeId, credential: new SoftAuthenticator(bob.place).register(addOptions.body.options) });
    expect(added.body.error.code).toBe("PASSKEY_REFUSED");
    expect(await counts()).toEqual(before);
    expect((await alice.get("/api/profile")).body.profile.passkeys).toHaveLength(1);
  });

  it("refuses cross-site state-changing requests before they act", async () => {
    const device = new ProfileDevice(server.url);
    await device.createProfile("Dora");
    const crossSite: Record<string, string>[] = [{ origin: "https://evil.example", "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "https://evil.example" }];
    for (const headers of crossSite) {
      const answer = await device.post("/api/profile/delete", {}, headers);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe("CROSS_SITE");
    }
    expect((await device.get("/api/profile")).body.profile.displayName).toBe("Dora");
  });

  it("adds and removes passkeys, keeping the last one", async () => {
    const device = new ProfileDevice(server.url);
    const { authenticator: first } = await device.createProfile("Emma");
    const options = await device.post("/api/profile/passkeys/options");
    const second = new SoftAuthenticator(device.place);
    const added = await device.post("/api/profile/passkeys/add", { challengeId: options.body.challengeId, credential: second.register(options.body.options) });
    expect(added.status).toBe(201);
    expect(added.body.profile.passkeys).toHaveLength(2);
    // Either passkey signs in.
    const other = new ProfileDevice(server.url);
    expect((await other.signIn(second)).status).toBe(200);
    const lost = new ProfileDevice(server.url); // the phone that will be lost, signed in with the first key
    expect((await lost.signIn(first)).status).toBe(200);
    const [lostSocket, hereSocket] = [await socketOf(lost.cookie), await socketOf(device.cookie)];
    let toldLost = false;
    lostSocket.once("profile:signedOut", () => (toldLost = true));
    // The lost phone made sign-in links beforehand, to come back with once its key is removed.
    const spare = await lost.post("/api/profile/link");
    expect(spare.status).toBe(200);
    let toldHere = false;
    hereSocket.once("profile:signedOut", () => (toldHere = true));
    // Removing a key signs out every other device (it may be the lost one's); this one stays.
    expect((await device.post("/api/profile/passkeys/remove", { passkeyId: first.id })).body.profile.passkeys).toHaveLength(1);
    await expect.poll(() => toldLost).toBe(true);
    expect((await lost.get("/api/profile")).body.profile).toBeNull();
    expect((await other.get("/api/profile")).body.profile).toBeNull();
    expect((await device.get("/api/profile")).body.profile.displayName).toBe("Emma");
    expect(toldHere).toBe(false);
    expect((await new ProfileDevice(server.url).signIn(first)).body.error.code).toBe("PASSKEY_REFUSED");
    const backIn = new ProfileDevice(server.url);
    expect((await backIn.post("/api/profile/link/redeem", { token: spare.body.token })).body.error.code).toBe("LINK_EXPIRED");
    expect(backIn.cookie).toBeNull();
    expect((await device.post("/api/profile/passkeys/remove", { passkeyId: second.id })).body.error.code).toBe("LAST_PASSKEY");
  });

  it("signs a device in with a one-time link, once; the socket hears of seats added on another device", async () => {
    const laptop = new ProfileDevice(server.url);
    await laptop.createProfile("Fanny");
    const link = await laptop.post("/api/profile/link");
    expect(link.body.path).toBe(`/profile/link#${link.body.token}`);
    const phone = new ProfileDevice(server.url);
    // Asked first: whose profile it opens, the link left unused, no session opened.
    const named = await phone.post("/api/profile/link/peek", { token: link.body.token });
    expect(named.body).toEqual({ displayName: "Fanny" });
    expect(phone.cookie).toBeNull();
    expect((await phone.post("/api/profile/link/peek", { token: link.body.token })).body).toEqual({ displayName: "Fanny" });
    expect((await phone.post("/api/profile/link/redeem", { token: link.body.token })).status).toBe(200);
    const usedUp = await new ProfileDevice(server.url).post("/api/profile/link/peek", { token: link.body.token });
    expect(usedUp.status).toBe(410);
    expect(usedUp.body.error.code).toBe("LINK_EXPIRED");
    const thief = new ProfileDevice(server.url);
    const again = await thief.post("/api/profile/link/redeem", { token: link.body.token });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("LINK_EXPIRED");
    expect(thief.cookie).toBeNull();

    // The phone's socket knows its profile from the cookie: a seat the laptop adds is announced to it.
    const socket = await socketOf(phone.cookie);
    const heard = new Promise<{ rooms: number }>((resolve) => socket.once("profile:seats", resolve));
    const seat = await guestSeat("Fanny");
    const synced = await laptop.post("/api/profile/seats", { rooms: [{ roomId: seat.roomId, seatTokens: [seat.seatToken] }] });
    expect(synced.body.rooms).toHaveLength(1);
    expect(await heard).toEqual({ rooms: 1 });
    expect((await phone.post("/api/profile/seats", { rooms: [] })).body.rooms).toEqual(synced.body.rooms);
  });

  it("keeps a seat claimed through a signed-in socket at once, without the device saying so; a guest's socket adds none", async () => {
    const laptop = new ProfileDevice(server.url);
    await laptop.createProfile("Gaspard");
    const profileSocket = await socketOf(laptop.cookie);
    const heard = new Promise<{ rooms: number }>((resolve) => profileSocket.once("profile:seats", resolve));
    // The phone's room page: its socket carries the cookie; it claims a seat and then loses its signal (no /api/profile/seats).
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle");
    const phone = await TestClient.connect(server.url, { headers: { cookie: laptop.cookie! } });
    clients.push(phone);
    expectOk(await phone.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const seatToken = expectOk(await phone.emit("seat:claim", { roomId, seat: 0, nickname: "Gaspard" })).seatToken;
    expect(await heard).toEqual({ rooms: 1 });
    expect((await laptop.post("/api/profile/seats", { rooms: [] })).body.rooms).toEqual([{ roomId, seatTokens: [seatToken] }]);
    // A guest's socket (no cookie) claims the other seat: no profile gets it.
    const before = await count("profile_seats");
    const guest = await TestClient.connect(server.url);
    clients.push(guest);
    expectOk(await guest.emit("room:watch", { roomId, seatTokens: [] }));
    expectOk(await guest.emit("seat:claim", { roomId, seat: 1, nickname: "Guest" }));
    // Nor does the phone's page once that browser signed out: its socket, open since, claims for nobody.
    expect((await laptop.post("/api/profile/signout", {})).status).toBe(200);
    const next = await createRoom(server.url, "qwirkle");
    expectOk(await phone.emit("room:watch", { roomId: next.roomId, seatTokens: [] }));
    expectOk(await phone.emit("seat:claim", { roomId: next.roomId, seat: 0, nickname: "Someone else" }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count("profile_seats")).toBe(before);
  });

  it("signs out here or everywhere, and deletes a profile with its passkeys, sessions and seats", async () => {
    const seat = await guestSeat("Gaby");
    const laptop = new ProfileDevice(server.url);
    const { authenticator } = await laptop.createProfile("Gaby", [{ roomId: seat.roomId, seatTokens: [seat.seatToken] }]);
    const phone = new ProfileDevice(server.url);
    await phone.signIn(authenticator);
    const tablet = new ProfileDevice(server.url);
    await tablet.signIn(authenticator);
    expect((await tablet.post("/api/profile/signout", { everywhere: false })).status).toBe(200);
    expect((await laptop.get("/api/profile")).body.profile).not.toBeNull();
    // A sign-in link the laptop made beforehand dies with "sign out everywhere": it would sign a device back in.
    const kept = await laptop.post("/api/profile/link");
    await phone.post("/api/profile/signout", { everywhere: true });
    expect((await laptop.get("/api/profile")).body.profile).toBeNull();
    const comeBack = new ProfileDevice(server.url);
    expect((await comeBack.post("/api/profile/link/redeem", { token: kept.body.token })).body.error.code).toBe("LINK_EXPIRED");
    expect(comeBack.cookie).toBeNull();
    // A link asked for by a session that has just ended (its request crossing the sign-out) is not made.
    const [{ id: gabyId }] = (await server.db.prisma.$queryRaw<{ id: string }[]>`SELECT id FROM profiles WHERE display_name = 'Gaby'`) as [{ id: string }];
    const linksBefore = await count("sign_in_links");
    expect(await new ProfileStore(server.db.prisma, () => new Date()).newSignInLink(gabyId, "a session that ended")).toBeNull();
    expect(await count("sign_in_links")).toBe(linksBefore);
    expect((await laptop.post("/api/profile/seats", { rooms: [] })).body.error.code).toBe("NOT_SIGNED_IN");

    await laptop.signIn(authenticator);
    const before = await counts();
    expect((await laptop.post("/api/profile/delete")).body).toEqual({ deleted: true });
    expect(await counts()).toEqual({ profiles: before.profiles - 1, passkeys: before.passkeys - 1, sessions: before.sessions - 1, seats: before.seats - 1 });
    expect((await new ProfileDevice(server.url).signIn(authenticator)).body.error.code).toBe("PASSKEY_REFUSED");
  });

  it("a sign-out here tells this browser's other tabs, which stop hearing the profile; its other devices go on", async () => {
    const laptop = new ProfileDevice(server.url);
    const { authenticator } = await laptop.createProfile("Ines");
    const phone = new ProfileDevice(server.url);
    await phone.signIn(authenticator);
    const [otherTab, phoneSocket] = [await socketOf(laptop.cookie), await socketOf(phone.cookie)];
    const toldOtherTab = new Promise<void>((resolve) => otherTab.once("profile:signedOut", () => resolve()));
    let toldPhone = false;
    phoneSocket.once("profile:signedOut", () => (toldPhone = true));
    expect((await laptop.post("/api/profile/signout", { everywhere: false })).status).toBe(200);
    await toldOtherTab;
    // A seat added by the phone is announced to the phone, no longer to the signed-out laptop's tab.
    let otherTabHeard = false;
    otherTab.on("profile:seats", () => (otherTabHeard = true));
    const phoneHeard = new Promise<void>((resolve) => phoneSocket.once("profile:seats", () => resolve()));
    const seat = await guestSeat("Ines");
    await phone.post("/api/profile/seats", { rooms: [{ roomId: seat.roomId, seatTokens: [seat.seatToken] }] });
    await phoneHeard;
    expect([toldPhone, otherTabHeard]).toEqual([false, false]);
  });

  it("answers bad input with a clear error", async () => {
    const device = new ProfileDevice(server.url);
    const empty = await device.post("/api/profile/create/options", { displayName: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^displayName: /u);
    const junk = await device.post("/api/profile/signin", { challengeId: "not a challenge", credential: {} });
    expect(junk.body.error.code).toBe("BAD_REQUEST");
    expect((await device.post("/api/profile/link/redeem", { token: "short" })).body.error.message).toMatch(/^token: /u);
    expect((await device.post("/api/profile/link/peek", { token: "x".repeat(5000) })).body.error.message).toMatch(/^token: /u);
  });
});
