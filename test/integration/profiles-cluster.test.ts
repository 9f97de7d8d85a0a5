import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientToServerEvents, ServerToClientEvents } from "../../shared/protocol";
import type { ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { ProfileDevice } from "../support/profileDevice";
import { CLUSTER_SITE, startProfileCluster, type ProfileCluster } from "../support/profileCluster";
import { clusterServicesReady } from "../support/sharedRedis";

const ready = await clusterServicesReady("profiles across processes");

const SITE = CLUSTER_SITE;

/**
 * Two server processes on one Postgres and one Redis (as in cluster.test.ts): sessions, challenges
 * and sign-in links are in Postgres, so a device may be served by either process.
 */
describe.runIf(ready)("profiles in a cluster of two processes", () => {
  let cluster: ProfileCluster;
  let processes: readonly ChildServer[] = [];
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    cluster = await startProfileCluster();
    processes = cluster.processes;
  });

  afterAll(async () => {
    for (const close of closers) close();
    await cluster?.stop();
  });

  it("shares sessions, challenges and notices between the processes", async () => {
    const [a, b] = processes.map((p) => p.url) as [string, string];
    // A guest seat on process A joins a profile made there.
    const { roomId, creatorToken } = await createRoom(a, "qwirkle");
    const guest = await TestClient.connect(a);
    closers.push(() => guest.close());
    expectOk(await guest.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const seatToken = expectOk(await guest.emit("seat:claim", { roomId, seat: 0, nickname: "Iris" })).seatToken;
    const laptop = new ProfileDevice(a, SITE);
    const { authenticator } = await laptop.createProfile("Iris", [{ roomId, seatTokens: [seatToken] }]);

    // Process B knows A's session cookie.
    const sameCookieOnB = new ProfileDevice(b, SITE);
    sameCookieOnB.cookie = laptop.cookie;
    expect((await sameCookieOnB.get("/api/profile")).body.profile.displayName).toBe("Iris");

    // A challenge handed out by A is answered on B.
    const options = await new ProfileDevice(a, SITE).post("/api/profile/signin/options");
    const phone = new ProfileDevice(b, SITE);
    const credential = authenticator.authenticate(options.body.options);
    const signedIn = await phone.post("/api/profile/signin", { challengeId: options.body.challengeId, credential });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.rooms).toEqual([{ roomId, seatTokens: [seatToken] }]);

    // The phone's socket on B hears of a seat the laptop adds on A (through Redis).
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(b, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: phone.cookie ?? "" } });
    closers.push(() => socket.close());
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const heard = new Promise<{ rooms: number }>((resolve) => socket.once("profile:seats", resolve));
    const second = await createRoom(a, "qwirkle");
    expect((await laptop.post("/api/profile/seats", { rooms: [{ roomId: second.roomId, seatTokens: [], creatorToken: second.creatorToken }] })).body.rooms).toHaveLength(2);
    expect(await heard).toEqual({ rooms: 2 });

    // Signed out everywhere on B: A refuses the laptop's cookie at once.
    const signedOut = new Promise<void>((resolve) => socket.once("profile:signedOut", resolve));
    await phone.post("/api/profile/signout", { everywhere: true });
    await signedOut;
    expect((await laptop.get("/api/profile")).body.profile).toBeNull();
  });
});
