import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_RATE } from "../../server/friends";
import { handleOf, invitationOf } from "../../server/friends/handles";
import { GAMES } from "../../shared/games/registry";
import { createRoom, expectOk, TestClient } from "../support/client";
import { finishGame } from "../support/finishGame";
import { finishedTogether, nextEvent, profileIdOf, profileSocket, query, type ProfileSocket } from "../support/friends";
import { PushStore } from "../../server/push/store";
import { ProfileDevice } from "../support/profileDevice";
import { decryptPush, newDevice, startPushService } from "../support/pushService";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Friends over HTTP (issue 35): "Played with" from finished games, requests and answers, invitations
 * to a table by name and the one-tap seat. Every refusal leaves the friend links as they were.
 */
describe("friends: played with, requests, invitations", () => {
  let server: TestServer;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const sockets: ProfileSocket[] = [];
  const clients: TestClient[] = [];

  beforeAll(async () => {
    pushService = await startPushService();
    server = await startTestServer({ games: [...GAMES, finishGame] });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const client of clients) client.close();
    await server?.close();
    await pushService?.close();
  });

  const links = async () => query<{ requester_id: string; addressee_id: string; status: string }>(server.db.url, "SELECT requester_id, addressee_id, status FROM friendships ORDER BY requester_id, addressee_id");

  /** A signed-in device of a new profile, its id (read from the database: never sent) and a socket of it. */
  const person = async (displayName: string) => {
    const device = new ProfileDevice(server.url);
    expect((await device.createProfile(displayName)).answer.status).toBe(201);
    const socket = await profileSocket(server.url, device.cookie);
    sockets.push(socket);
    return { device, socket, id: await profileIdOf(server.db.url, displayName) };
  };

  /** Two people who finished a game together; `a` sees `b` in "Played with". */
  const playedTogether = async (a: string, b: string) => {
    const [first, second] = [await person(a), await person(b)];
    await finishedTogether(server.db.url, [first.id, second.id]);
    return [first, second] as const;
  };

  it("a finished game puts its profiles in each other's Played with (the room store's own results)", async () => {
    const [wes, xia] = [await person("Wes"), await person("Xia")];
    const { roomId, creatorToken } = await createRoom(server.url, "finish");
    const seats: { client: TestClient; token: string }[] = [];
    for (const [seat, who] of [wes, xia].entries()) {
      const client = await TestClient.connect(server.url);
      clients.push(client);
      expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
      const token = expectOk(await client.emit("seat:claim", { roomId, seat, nickname: who === wes ? "W" : "X" })).seatToken;
      await who.device.post("/api/profile/seats", { rooms: [{ roomId, seatTokens: [token] }] });
      seats.push({ client, token });
    }
    expect((await wes.device.get("/api/friends")).body.playedWith).toEqual([]);
    expectOk(await seats[0]!.client.emit("game:start", { roomId, creatorToken }));
    expectOk(await seats[0]!.client.emit("game:move", { roomId, seat: 0, seatToken: seats[0]!.token, move: { type: "finish", ranks: [1, 2] } }));
    expect((await wes.device.get("/api/friends")).body.playedWith).toMatchObject([{ handle: handleOf(wes.id, xia.id), displayName: "Xia", games: 1, relation: "none" }]);
    expect((await xia.device.get("/api/friends")).body.playedWith).toMatchObject([{ handle: handleOf(xia.id, wes.id), displayName: "Wes", games: 1 }]);
  });

  it("lists the people played with, newest first, by display name and handle only", async () => {
    const [ana, bo] = await playedTogether("Ana", "Bo");
    const cy = await person("Cy");
    await finishedTogether(server.db.url, [ana.id, cy.id], new Date(Date.now() + 1000));
    await finishedTogether(server.db.url, [ana.id, cy.id, bo.id], new Date(Date.now() + 2000));
    const answer = await ana.device.get("/api/friends");
    expect(answer.status).toBe(200);
    expect(answer.body.playedWith.map((p: { displayName: string; games: number; relation: string }) => [p.displayName, p.games, p.relation])).toEqual([
      ["Bo", 2, "none"],
      ["Cy", 2, "none"],
    ]);
    expect(answer.body.playedWith[0].handle).toBe(handleOf(ana.id, bo.id));
    // Bo's handle for Ana is not Ana's for Bo, and no id goes out.
    const seenByBo = (await bo.device.get("/api/friends")).body;
    expect(seenByBo.playedWith.map((p: { displayName: string }) => p.displayName)).toEqual(["Ana", "Cy"]);
    expect(JSON.stringify([answer.body, seenByBo])).not.toContain(ana.id);
    expect(JSON.stringify([answer.body, seenByBo])).not.toContain(bo.id);
    expect((await new ProfileDevice(server.url).get("/api/friends")).status).toBe(401);
  });

  it("asks, is heard on the other's devices, and is accepted; asking twice or asking back is clear", async () => {
    const [dee, eli] = await playedTogether("Dee", "Eli");
    const heard = nextEvent(eli.socket, "friends:changed");
    // A socket with a made-up session cookie is a guest's: it hears nothing of Eli's.
    const stranger = await profileSocket(server.url, "tablee_session=forged-token-of-nobody-000000000000");
    sockets.push(stranger);
    const overheard: unknown[] = [];
    stranger.on("friends:changed", (change) => overheard.push(change));
    const asked = await dee.device.post("/api/friends/ask", { handle: handleOf(dee.id, eli.id) });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ relation: "asked" });
    expect(await heard).toEqual({ kind: "request", from: "Dee" });
    expect((await dee.device.post("/api/friends/ask", { handle: handleOf(dee.id, eli.id) })).body.error.code).toBe("ALREADY_ASKED");
    const eliSees = (await eli.device.get("/api/friends")).body;
    expect(eliSees.incoming.map((p: { displayName: string }) => p.displayName)).toEqual(["Dee"]);
    expect(eliSees.playedWith[0].relation).toBe("askedYou");
    expect((await dee.device.get("/api/friends")).body.outgoing.map((p: { displayName: string }) => p.displayName)).toEqual(["Eli"]);

    // Dee cannot answer her own request: it is not addressed to her.
    const before = await links();
    const forged = await dee.device.post("/api/friends/answer", { handle: handleOf(dee.id, eli.id), accept: true });
    expect(forged.status).toBe(409);
    expect(forged.body.error.code).toBe("NOT_ASKED");
    expect(await links()).toEqual(before);

    const accepted = nextEvent(dee.socket, "friends:changed", (change) => change.kind !== "updated");
    expect((await eli.device.post("/api/friends/answer", { handle: handleOf(eli.id, dee.id), accept: true })).body).toEqual({ relation: "friend" });
    expect(await accepted).toEqual({ kind: "accepted", by: "Eli" });
    expect((await dee.device.get("/api/friends")).body.friends.map((p: { displayName: string }) => p.displayName)).toEqual(["Eli"]);
    expect((await eli.device.post("/api/friends/ask", { handle: handleOf(eli.id, dee.id) })).body.error.code).toBe("ALREADY_FRIENDS");
    expect(overheard).toEqual([]);
  });

  it("two people asking each other are friends; a declined request is gone; a friend can be removed", async () => {
    const [fay, gus] = await playedTogether("Fay", "Gus");
    await fay.device.post("/api/friends/ask", { handle: handleOf(fay.id, gus.id) });
    expect((await gus.device.post("/api/friends/ask", { handle: handleOf(gus.id, fay.id) })).body).toEqual({ relation: "friend" });
    expect((await fay.device.post("/api/friends/remove", { handle: handleOf(fay.id, gus.id) })).body).toEqual({ relation: "none" });
    expect((await gus.device.post("/api/friends/remove", { handle: handleOf(gus.id, fay.id) })).body.error.code).toBe("NOT_FRIENDS");
    await gus.device.post("/api/friends/ask", { handle: handleOf(gus.id, fay.id) });
    expect((await fay.device.post("/api/friends/answer", { handle: handleOf(fay.id, gus.id), accept: false })).body).toEqual({ relation: "none" });
    expect((await fay.device.post("/api/friends/answer", { handle: handleOf(fay.id, gus.id), accept: false })).body.error.code).toBe("NOT_ASKED");
    expect((await gus.device.get("/api/friends")).body.outgoing).toEqual([]);
  });

  it("refuses a hidden or made-up person, oneself, a forged session cookie and a cross-site POST; nothing changes", async () => {
    const [hal, ivy] = await playedTogether("Hal", "Ivy");
    const stranger = await person("Jon"); // never played with Hal: hidden from him
    const before = await links();
    const refusals = [
      [await hal.device.post("/api/friends/ask", { handle: handleOf(hal.id, stranger.id) }), 404, "NO_SUCH_PERSON"],
      [await hal.device.post("/api/friends/ask", { handle: handleOf(ivy.id, stranger.id) }), 404, "NO_SUCH_PERSON"], // another profile's handle
      [await hal.device.post("/api/friends/ask", { handle: "A".repeat(22) }), 404, "NO_SUCH_PERSON"],
      [await hal.device.post("/api/friends/ask", { handle: handleOf(hal.id, hal.id) }), 400, "FRIEND_SELF"],
      [await hal.device.post("/api/friends/ask", { handle: "not a handle" }), 400, "BAD_REQUEST"],
      [await hal.device.post("/api/friends/ask", { handle: handleOf(hal.id, ivy.id), extra: 1 }), 400, "BAD_REQUEST"],
      [await hal.device.post("/api/friends/ask", { handle: handleOf(hal.id, ivy.id) }, { cookie: "tablee_session=forged-token-of-nobody-000000000000" }), 401, "NOT_SIGNED_IN"],
      [await hal.device.post("/api/friends/ask", { handle: handleOf(hal.id, ivy.id) }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }), 403, "CROSS_SITE"],
      // Ivy's cookie acts for Ivy: Hal's handle for Ivy names nobody to her.
      [await ivy.device.post("/api/friends/ask", { handle: handleOf(hal.id, ivy.id) }), 404, "NO_SUCH_PERSON"],
    ] as const;
    for (const [answer, status, code] of refusals) {
      expect(answer.status, code).toBe(status);
      expect(answer.body.error.code).toBe(code);
    }
    expect(await links()).toEqual(before);
  });

  it("invites a friend to a table: a notice on their sockets, a push on their devices, one tap seats them", async () => {
    const [kim, lou] = await playedTogether("Kim", "Lou");
    await kim.device.post("/api/friends/ask", { handle: handleOf(kim.id, lou.id) });
    await lou.device.post("/api/friends/answer", { handle: handleOf(lou.id, kim.id), accept: true });

    // Lou's phone turned notices on for a seat Lou's profile holds: it is one of Lou's devices.
    const held = await createRoom(server.url, "qwirkle");
    const watcher = await TestClient.connect(server.url);
    clients.push(watcher);
    expectOk(await watcher.emit("room:watch", { roomId: held.roomId, seatTokens: [] }));
    const louSeat = expectOk(await watcher.emit("seat:claim", { roomId: held.roomId, seat: 0, nickname: "Lou" })).seatToken;
    await lou.device.post("/api/profile/seats", { rooms: [{ roomId: held.roomId, seatTokens: [louSeat] }] });
    const phone = newDevice(`${pushService.url}/push/lou-phone`);
    expect((await lou.device.post("/api/push/subscribe", { subscription: phone.subscription, locale: "fr", rooms: [{ roomId: held.roomId, seatTokens: [louSeat] }] })).body).toEqual({ subscribed: 1 });
    // A family tablet that holds Lou's seat too (the handoff link) but was never signed in to Lou's profile:
    // it gets the seat's turn notices, not Lou's invitations.
    const tablet = newDevice(`${pushService.url}/push/family-tablet`);
    const guestSubscription = { subscription: tablet.subscription, locale: "fr", rooms: [{ roomId: held.roomId, seatTokens: [louSeat] }] };
    const guest = await fetch(`${server.url}/api/push/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(guestSubscription) });
    expect(await guest.json()).toEqual({ subscribed: 1 });
    const pushesTo = (path: string) => pushService.received.filter((p) => p.path === path).length;

    // Kim makes a table and invites Lou by name.
    const table = await createRoom(server.url, "qwirkle");
    const invited = nextEvent(lou.socket, "friends:invited");
    const answer = await kim.device.post("/api/friends/invite", { handle: handleOf(kim.id, lou.id), room: { roomId: table.roomId, seatTokens: [], creatorToken: table.creatorToken } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ invited: "Lou" });
    const notice = await invited;
    const invitation = invitationOf(lou.id, table.roomId);
    expect(notice).toEqual({ from: "Kim", roomId: table.roomId, gameNames: { fr: "Qwirkle", en: "Qwirkle" }, invitation, path: `/r/${table.roomId}/join#${invitation}` });
    await until(() => pushService.received.some((p) => p.path === "/push/lou-phone"));
    const push = pushService.received.find((p) => p.path === "/push/lou-phone")!;
    expect(decryptPush(phone, push)).toEqual({ kind: "invitation", title: "Kim vous invite à une partie de Qwirkle", body: "Touchez pour prendre place à la table.", url: notice.path, tag: `${table.roomId}:invitation` });
    await new Promise((resolve) => setTimeout(resolve, 500)); // sent together with the phone's, had it been sent
    expect(pushesTo("/push/family-tablet")).toBe(0);

    // Someone else's tap, or a made-up invitation, seats nobody.
    const stranger = await person("Max");
    expect((await stranger.device.post("/api/friends/join", { roomId: table.roomId, invitation })).body.error.code).toBe("NOT_INVITED");
    expect((await lou.device.post("/api/friends/join", { roomId: table.roomId, invitation: invitationOf(lou.id, held.roomId) })).body.error.code).toBe("NOT_INVITED");

    // Lou's tap: a seat under Lou's name, kept by the profile; a second tap keeps the same seat.
    const joined = await lou.device.post("/api/friends/join", { roomId: table.roomId, invitation: notice.invitation });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ roomId: table.roomId, seat: 0 });
    expect((await lou.device.post("/api/friends/join", { roomId: table.roomId, invitation })).body).toEqual(joined.body);
    const room = (await (await fetch(`${server.url}/api/rooms/${table.roomId}`)).json()) as { seats: { kind: string; nickname: string | null }[] };
    expect(room.seats.filter((s) => s.kind === "human").map((s) => s.nickname)).toEqual(["Lou"]);
    const louRooms = (await lou.device.post("/api/profile/seats", { rooms: [] })).body.rooms as { roomId: string; seatTokens: string[] }[];
    expect(louRooms.find((r) => r.roomId === table.roomId)?.seatTokens).toEqual([joined.body.seatToken]);

    // Lou signs out on the phone, which keeps the seat it took (and its turn notices): Lou's next
    // invitation does not reach it, whoever picks the phone up next.
    expect((await lou.device.post("/api/profile/signout", {})).status).toBe(200);
    const phoneBefore = pushesTo("/push/lou-phone");
    const another = await createRoom(server.url, "qwirkle");
    const again = await kim.device.post("/api/friends/invite", { handle: handleOf(kim.id, lou.id), room: { roomId: another.roomId, seatTokens: [], creatorToken: another.creatorToken } });
    expect(again.body).toEqual({ invited: "Lou" });
    expect(await new PushStore(server.db.prisma).ofProfile(lou.id)).toEqual([]); // no device of Lou's left
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pushesTo("/push/lou-phone")).toBe(phoneBefore);
    expect(pushesTo("/push/family-tablet")).toBe(0);
    expect(await server.db.prisma.pushSubscription.count({ where: { endpoint: phone.subscription.endpoint } })).toBe(1); // still there for its seat
  });

  it("one invitation tapped on two devices at once takes one seat", async () => {
    const [ivo, rex] = await playedTogether("Ivo", "Rex");
    await ivo.device.post("/api/friends/ask", { handle: handleOf(ivo.id, rex.id) });
    await rex.device.post("/api/friends/answer", { handle: handleOf(rex.id, ivo.id), accept: true });
    const table = await createRoom(server.url, "qwirkle");
    const invitation = invitationOf(rex.id, table.roomId);
    const laptop = new ProfileDevice(server.url);
    laptop.cookie = rex.device.cookie;
    const taps = await Promise.all([rex.device, laptop, rex.device].map((device) => device.post("/api/friends/join", { roomId: table.roomId, invitation })));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200]);
    expect(new Set(taps.map((tap) => tap.body.seatToken)).size).toBe(1);
    const room = (await (await fetch(`${server.url}/api/rooms/${table.roomId}`)).json()) as { seats: { kind: string; nickname: string | null }[] };
    expect(room.seats.filter((s) => s.kind === "human").map((s) => s.nickname)).toEqual(["Rex"]);
  });

  it("refuses an invitation from outside the table, to a stranger, or to a table with no free seat", async () => {
    const [ned, oda] = await playedTogether("Ned", "Oda");
    const table = await createRoom(server.url, "qwirkle");
    const asGuest = { roomId: table.roomId, seatTokens: [], creatorToken: table.creatorToken };
    expect((await ned.device.post("/api/friends/invite", { handle: handleOf(ned.id, oda.id), room: asGuest })).body.error.code).toBe("NOT_FRIENDS");
    await ned.device.post("/api/friends/ask", { handle: handleOf(ned.id, oda.id) });
    await oda.device.post("/api/friends/answer", { handle: handleOf(oda.id, ned.id), accept: true });
    const outsider = await ned.device.post("/api/friends/invite", { handle: handleOf(ned.id, oda.id), room: { roomId: table.roomId, seatTokens: ["x".repeat(43)] } });
    expect(outsider.status).toBe(403);
    expect(outsider.body.error.code).toBe("NOT_AT_TABLE");
    // Every seat taken: the table says so.
    const filler = await TestClient.connect(server.url);
    clients.push(filler);
    expectOk(await filler.emit("room:watch", { roomId: table.roomId, seatTokens: [], creatorToken: table.creatorToken }));
    for (let seat = 0; seat < 4; seat++) expectOk(await filler.emit("seat:claim", { roomId: table.roomId, seat, nickname: `P${seat}` }));
    expect((await ned.device.post("/api/friends/invite", { handle: handleOf(ned.id, oda.id), room: asGuest })).body.error.code).toBe("NO_FREE_SEAT");
    expect((await oda.device.post("/api/friends/join", { roomId: table.roomId, invitation: invitationOf(oda.id, table.roomId) })).body.error.code).toBe("NO_FREE_SEAT");
  });

  it("limits the invitations one profile sends one friend", async () => {
    const [uma, vic] = await playedTogether("Uma", "Vic");
    await uma.device.post("/api/friends/ask", { handle: handleOf(uma.id, vic.id) });
    await vic.device.post("/api/friends/answer", { handle: handleOf(vic.id, uma.id), accept: true });
    const table = await createRoom(server.url, "qwirkle");
    const invite = () => uma.device.post("/api/friends/invite", { handle: handleOf(uma.id, vic.id), room: { roomId: table.roomId, seatTokens: [], creatorToken: table.creatorToken } });
    for (let i = 0; i < INVITATION_RATE.invitations; i++) expect((await invite()).status).toBe(200);
    const refused = await invite();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
  });

  it("deleting a profile removes its friend links", async () => {
    const [pia, quin] = await playedTogether("Pia", "Quin");
    await pia.device.post("/api/friends/ask", { handle: handleOf(pia.id, quin.id) });
    await quin.device.post("/api/friends/answer", { handle: handleOf(quin.id, pia.id), accept: true });
    const mine = async () => (await links()).filter((link) => [link.requester_id, link.addressee_id].includes(pia.id));
    expect(await mine()).toHaveLength(1);
    const rui = await person("Rui"); // only played with Pia: nothing else reaches his socket
    await finishedTogether(server.db.url, [pia.id, rui.id]);
    const told = [nextEvent(quin.socket, "friends:changed", (change) => change.kind === "updated"), nextEvent(rui.socket, "friends:changed")];
    expect((await pia.device.post("/api/profile/delete")).status).toBe(200);
    expect(await mine()).toEqual([]);
    expect(await Promise.all(told)).toEqual([{ kind: "updated" }, { kind: "updated" }]); // their open panels read the lists again
    const quinSees = (await quin.device.get("/api/friends")).body;
    expect(quinSees.friends).toEqual([]);
    expect(quinSees.playedWith).toEqual([]);
  });
});

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
