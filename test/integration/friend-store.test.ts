import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { FriendStore } from "../../server/friends/store";
import { LIMITS } from "../../shared/protocol";
import { finishedTogether } from "../support/friends";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** Two requests crossing: what one person's ask meets when the other withdraws theirs meanwhile. */
describe("friend requests crossing", () => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await applyMigrations(db.url, loadConfig({ ...process.env, ...testDb.env }).migrationsDir);
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  const profile = async (displayName: string) =>
    (await db.prisma.profile.create({ data: { id: randomBytes(12).toString("hex"), displayName, userHandle: randomBytes(16).toString("base64url") } })).id;

  it("an ask that finds the other's request just as they withdraw it makes a request of its own", async () => {
    const [ana, ben] = [await profile("Ana"), await profile("Ben")];
    const clock = () => new Date();
    await new FriendStore(db.prisma, clock).ask(ben, ana);
    // Ben withdraws his request between Ana's read of it and her accept.
    class WithdrawnMeanwhile extends FriendStore {
      override async accept(me: string, other: string): Promise<boolean> {
        await new FriendStore(db.prisma, clock).remove(ben, ana);
        return super.accept(me, other);
      }
    }
    expect(await new WithdrawnMeanwhile(db.prisma, clock).ask(ana, ben)).toBe("asked");
    const links = await db.prisma.friendship.findMany({ where: { OR: [{ requesterId: ana }, { requesterId: ben }] } });
    expect(links.map((link) => ({ requesterId: link.requesterId, addresseeId: link.addresseeId, status: link.status }))).toEqual([{ requesterId: ana, addresseeId: ben, status: "pending" }]);
  });

  it("names every co-player, however many and however long ago, where Played with shows the latest few", async () => {
    const me = await profile("Zed");
    const others = await Promise.all(Array.from({ length: LIMITS.playedWithShown + 3 }, (_, i) => profile(`Co${i}`)));
    for (const [i, other] of others.entries()) await finishedTogether(db.url, [me, other], new Date(Date.UTC(2026, 0, 1 + i)));
    const store = new FriendStore(db.prisma, () => new Date());
    expect((await store.playedWith(me)).length).toBe(LIMITS.playedWithShown);
    expect(new Set(await store.coPlayers(me))).toEqual(new Set(others));
  });
});

