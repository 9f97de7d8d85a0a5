import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleOf, invitationOf } from "../../server/friends/handles";
import { createRoom } from "../support/client";
import { finishedTogether, nextEvent, profileIdOf, profileSocket, type ProfileSocket } from "../support/friends";
import { ProfileDevice } from "../support/profileDevice";
import { CLUSTER_SITE, startProfileCluster, type ProfileCluster } from "../support/profileCluster";
import { clusterServicesReady } from "../support/sharedRedis";

const ready = await clusterServicesReady("friends across processes");
const SITE = CLUSTER_SITE;

/**
 * Two server processes on one Postgres and one Redis: a friend's request and an invitation made
 * through one process reach the friend's socket connected to the other (the socket.io adapter).
 */
describe.runIf(ready)("friends in a cluster of two processes", () => {
  let cluster: ProfileCluster;
  const sockets: ProfileSocket[] = [];

  beforeAll(async () => {
    cluster = await startProfileCluster();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster?.stop();
  });

  it("a request and an invitation made on one process reach the friend's socket on the other", async () => {
    const [a, b] = cluster.processes.map((p) => p.url) as [string, string];
    const { databaseUrl } = cluster;
    const rita = new ProfileDevice(a, SITE);
    const sam = new ProfileDevice(b, SITE);
    await rita.createProfile("Rita");
    await sam.createProfile("Sam");
    const [ritaId, samId] = [await profileIdOf(databaseUrl, "Rita"), await profileIdOf(databaseUrl, "Sam")];
    await finishedTogether(databaseUrl, [ritaId, samId]);
    const samSocket = await profileSocket(b, sam.cookie);
    const ritaSocket = await profileSocket(b, rita.cookie); // Rita's phone, on the other process than her laptop
    sockets.push(samSocket, ritaSocket);

    const request = nextEvent(samSocket, "friends:changed");
    expect((await rita.post("/api/friends/ask", { handle: handleOf(ritaId, samId) })).status).toBe(200);
    expect(await request).toEqual({ kind: "request", from: "Rita" });
    const accepted = nextEvent(ritaSocket, "friends:changed", (change) => change.kind !== "updated");
    // Sam answers through process A: Rita's socket on B hears it.
    const samOnA = new ProfileDevice(a, SITE);
    samOnA.cookie = sam.cookie;
    expect((await samOnA.post("/api/friends/answer", { handle: handleOf(samId, ritaId), accept: true })).body).toEqual({ relation: "friend" });
    expect(await accepted).toEqual({ kind: "accepted", by: "Sam" });

    const table = await createRoom(a, "qwirkle");
    const invited = nextEvent(samSocket, "friends:invited");
    const answer = await rita.post("/api/friends/invite", { handle: handleOf(ritaId, samId), room: { roomId: table.roomId, seatTokens: [], creatorToken: table.creatorToken } });
    expect(answer.body).toEqual({ invited: "Sam" });
    const notice = await invited;
    expect(notice.from).toBe("Rita");
    // The tap on B seats Sam in the room process A made.
    const joined = await sam.post("/api/friends/join", { roomId: table.roomId, invitation: notice.invitation });
    expect(joined.body).toMatchObject({ roomId: table.roomId, seat: 0 });

    // Sam taps the next invitation on his laptop (A) and his phone (B) at once: one seat, on both.
    const next = await createRoom(b, "qwirkle");
    await rita.post("/api/friends/invite", { handle: handleOf(ritaId, samId), room: { roomId: next.roomId, seatTokens: [], creatorToken: next.creatorToken } });
    const invitation = invitationOf(samId, next.roomId);
    const taps = await Promise.all([samOnA, sam, samOnA, sam].map((device) => device.post("/api/friends/join", { roomId: next.roomId, invitation })));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(taps.map((tap) => tap.body.seatToken)).size).toBe(1);
  });
});
