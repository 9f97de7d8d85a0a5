import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/database";
import { ProfileSeats } from "../../server/profiles/seats";
import { createTestDatabase, type TestDatabase } from "../support/database";

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A profile's seat claims in one room run one at a time across processes: two devices tapping one
 * invitation may reach two replicas (HAProxy's cookie is per device), each with its own lanes.
 * Two `ProfileSeats` on one database stand for the two processes.
 */
describe.runIf(onPostgres)("a profile's seat claims across processes", () => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  /** A task that notes when it ran, taking `ms`. */
  const timed = (spans: [number, number][], ms: number) => async () => {
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    spans.push([start, performance.now()]);
    return spans.length;
  };

  it("never overlap for one profile and room, and do for another room", async () => {
    const [processA, processB] = [new ProfileSeats(db.prisma, true), new ProfileSeats(db.prisma, true)];
    const same: [number, number][] = [];
    const other: [number, number][] = [];
    await Promise.all([
      processA.exclusively("profile", "room", timed(same, 150)),
      processB.exclusively("profile", "room", timed(same, 150)),
      processB.exclusively("profile", "another room", timed(other, 150)),
    ]);
    const [first, second] = [...same].sort((a, b) => a[0] - b[0]) as [[number, number], [number, number]];
    expect(second[0]).toBeGreaterThanOrEqual(first[1]);
    expect(other[0]![0]).toBeLessThan(first[1]);
  });

  it("lets the next claim run when a task fails", async () => {
    const seats = [new ProfileSeats(db.prisma, true), new ProfileSeats(db.prisma, true)] as const;
    const failing = seats[0].exclusively("profile", "room", async () => {
      throw new Error("the room service refused");
    });
    await expect(failing).rejects.toThrow("the room service refused");
    await expect(seats[1].exclusively("profile", "room", async () => "seated")).resolves.toBe("seated");
  });
});
