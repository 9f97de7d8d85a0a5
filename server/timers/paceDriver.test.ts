import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { PaceDriver } from "./paceDriver";

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A database of overdue rooms: handing a room's turn to a computer takes it off the list. */
function overdueRooms(count: number, failing: ReadonlySet<string> = new Set()) {
  const overdue = Array.from({ length: count }, (_, i) => `room${i}`);
  const handed: string[] = [];
  return {
    handed,
    rooms: {
      overdue: async (limit: number) => overdue.slice(0, limit),
      turnTimeRanOut: async (id: string) => {
        if (failing.has(id)) throw new Error("database hiccup");
        overdue.splice(overdue.indexOf(id), 1);
        handed.push(id);
        return true;
      },
    },
  };
}

describe("the slow rooms' deadline check", () => {
  it("goes through every overdue room in one pass, batch after batch", async () => {
    const db = overdueRooms(25);
    await new PaceDriver(db.rooms, quietLog, 60_000, 10).check();
    expect(db.handed).toHaveLength(25);
  });

  it("stops a pass when a whole batch fails, and leaves those rooms for the next check", async () => {
    const db = overdueRooms(10, new Set(Array.from({ length: 10 }, (_, i) => `room${i}`)));
    await new PaceDriver(db.rooms, quietLog, 60_000, 10).check();
    expect(db.handed).toEqual([]);
  });

  it("runs one pass at a time", async () => {
    const db = overdueRooms(3);
    const driver = new PaceDriver(db.rooms, quietLog, 60_000, 10);
    await Promise.all([driver.check(), driver.check()]);
    expect(db.handed).toHaveLength(3);
  });
});
