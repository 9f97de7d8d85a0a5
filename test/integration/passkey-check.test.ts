import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProfileDevice } from "../support/profileDevice";
import { startTestServer, type TestServer } from "../support/server";
import { SoftAuthenticator } from "../support/softAuthenticator";

const MINUTE = 60_000;

/**
 * A phone left unlocked and signed in: whoever picks it up has the session, not the owner's screen
 * lock. Adding or removing a passkey, a sign-in link for another device and deleting the profile need
 * a passkey proof within 10 minutes (the sign-in, or POST /api/profile/check); each refusal changes
 * nothing. The server's clock is the test's.
 */
describe("changes that could take a profile over need a recent passkey check", () => {
  let server: TestServer;
  let now = Date.parse("2026-11-30T12:00:00Z");

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(now) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses them 10 minutes after the last check, changing nothing, and takes them after a check with the profile's own passkey", async () => {
    const owner = new ProfileDevice(server.url);
    const { authenticator: ownerKey, answer: created } = await owner.createProfile("Inès");
    // How long the check still counts, for the client to ask for the passkey before a change once it is over.
    expect(created.body.checkLeftMs).toBe(10 * MINUTE);
    now += 4 * MINUTE;
    expect((await owner.get("/api/profile")).body.checkLeftMs).toBe(6 * MINUTE);
    now -= 4 * MINUTE;
    // Just made: the profile's creation is a check; a second passkey is added at once.
    const options = await owner.post("/api/profile/passkeys/options");
    const second = new SoftAuthenticator(owner.place);
    expect((await owner.post("/api/profile/passkeys/add", { challengeId: options.body.challengeId, credential: second.register(options.body.options) })).status).toBe(201);

    now += 11 * MINUTE; // the phone lies on a table, unlocked
    const refused = [
      await owner.post("/api/profile/passkeys/options"),
      await owner.post("/api/profile/passkeys/remove", { passkeyId: ownerKey.id }),
      await owner.post("/api/profile/link"),
      await owner.post("/api/profile/delete"),
    ];
    for (const answer of refused) expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 403, code: "PASSKEY_CHECK_NEEDED" });
    const { profile: me, checkLeftMs } = (await owner.get("/api/profile")).body;
    expect(me.displayName).toBe("Inès"); // not deleted, still signed in
    expect(checkLeftMs).toBe(0);
    expect(me.passkeys).toHaveLength(2);
    expect(await server.db.prisma.signInLink.count()).toBe(0);

    // A passkey of another profile proves nothing for this one, and is not counted as used.
    const stranger = new ProfileDevice(server.url);
    const { authenticator: strangerKey } = await stranger.createProfile("Zoé");
    const strangerUsed = async () => (await server.db.prisma.passkey.findUniqueOrThrow({ where: { id: strangerKey.id } })).lastUsedAt;
    const usedBefore = await strangerUsed();
    expect((await owner.check(strangerKey)).body.error.code).toBe("PASSKEY_REFUSED");
    expect(await strangerUsed()).toEqual(usedBefore);
    // Nor does a challenge handed to another profile's session, answered with this profile's passkey.
    const theirs = await stranger.post("/api/profile/check/options");
    const answer = second.authenticate(theirs.body.options);
    expect((await owner.post("/api/profile/check", { challengeId: theirs.body.challengeId, credential: answer })).body.error.code).toBe("PASSKEY_REFUSED");
    expect((await owner.post("/api/profile/passkeys/remove", { passkeyId: ownerKey.id })).body.error.code).toBe("PASSKEY_CHECK_NEEDED");

    // The owner's screen lock: checked, the changes go through for 10 minutes.
    expect((await owner.check(second)).body).toEqual({ checked: true, checkLeftMs: 10 * MINUTE });
    now += 9 * MINUTE;
    expect((await owner.post("/api/profile/passkeys/remove", { passkeyId: ownerKey.id })).body.profile.passkeys).toHaveLength(1);
    now += 2 * MINUTE;
    expect((await owner.post("/api/profile/delete")).body.error.code).toBe("PASSKEY_CHECK_NEEDED");
  });

  it("a device signed in with a link may add its own passkey at once; a link is made only after a check", async () => {
    const laptop = new ProfileDevice(server.url);
    const { authenticator: laptopKey } = await laptop.createProfile("Hugo");
    now += 30 * MINUTE;
    expect((await laptop.post("/api/profile/link")).body.error.code).toBe("PASSKEY_CHECK_NEEDED");
    expect((await laptop.check(laptopKey)).status).toBe(200);
    const link = await laptop.post("/api/profile/link");
    expect(link.status).toBe(200);
    const phone = new ProfileDevice(server.url);
    expect((await phone.post("/api/profile/link/redeem", { token: link.body.token })).status).toBe(200);
    const options = await phone.post("/api/profile/passkeys/options");
    const phoneKey = new SoftAuthenticator(phone.place);
    const added = await phone.post("/api/profile/passkeys/add", { challengeId: options.body.challengeId, credential: phoneKey.register(options.body.options) });
    expect(added.status).toBe(201);
    expect(added.body.profile.passkeys).toHaveLength(2);
  });

  it("a link's session is checked as of its maker's check: links made and used in turn do not keep a session checked", async () => {
    const laptop = new ProfileDevice(server.url);
    await laptop.createProfile("Noé"); // checked now
    now += 9 * MINUTE;
    const first = await laptop.post("/api/profile/link");
    const phone = new ProfileDevice(server.url);
    const redeemed = await phone.post("/api/profile/link/redeem", { token: first.body.token });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.checkLeftMs).toBe(MINUTE); // what its maker's check has left
    now += 2 * MINUTE; // 11 minutes after the only passkey proof
    expect((await phone.get("/api/profile")).body.checkLeftMs).toBe(0);
    expect((await phone.post("/api/profile/link")).body.error.code).toBe("PASSKEY_CHECK_NEEDED");
    expect((await phone.post("/api/profile/delete")).body.error.code).toBe("PASSKEY_CHECK_NEEDED");
    expect((await laptop.get("/api/profile")).body.profile.displayName).toBe("Noé");
  });
});
