import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { OutageLog } from "../db/outage";
import { PaceDriver } from "./paceDriver";

/** A logger that keeps the messages of its lines, and each line's fields as JSON. */
const recorder = () => {
  const lines: string[] = [];
  const fields: string[] = [];
  const at = (data: unknown, msg?: string) => {
    lines.push(msg ?? "");
    fields.push(JSON.stringify(data));
  };
  return { lines, fields, log: { info: at, warn: at, error: at, debug: at } as unknown as FastifyBaseLogger };
};

/** A database of overdue rooms: handing a room's turn to a computer takes it off the list. */
function overdueRooms(count: number, failing: ReadonlySet<string> = new Set(), lookUp: () => Error | null = () => null) {
  const overdue = Array.from({ length: count }, (_, i) => `room${i}`);
  const handed: string[] = [];
  const { lines, fields, log } = recorder();
  return {
    handed,
    lines,
    fields,
    rooms: {
      outages: new OutageLog(log),
      overdue: async (limit: number) => {
        const error = lookUp();
        if (error) throw error;
        return overdue.slice(0, limit);
      },
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
    await new PaceDriver(db.rooms, 60_000, 10).check();
    expect(db.handed).toHaveLength(25);
  });

  it("stops a pass when a whole batch fails, and leaves those rooms for the next check", async () => {
    const db = overdueRooms(10, new Set(Array.from({ length: 10 }, (_, i) => `room${i}`)));
    await new PaceDriver(db.rooms, 60_000, 10).check();
    expect(db.handed).toEqual([]);
  });

  it("leaves a database outage to the outage log: many failed checks, one line", async () => {
    const db = overdueRooms(3, new Set(), () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    const driver = new PaceDriver(db.rooms, 60_000, 10);
    for (let i = 0; i < 5; i++) await driver.check();
    expect(db.lines).toEqual(["database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)"]);
  });

  it("says once, with the error's class and codes only, when the look-up fails for another reason", async () => {
    const db = overdueRooms(3, new Set(), () => Object.assign(new Error("syntax error near 'Zoé'"), { code: "42601" }));
    await new PaceDriver(db.rooms, 60_000, 10).check();
    expect(db.lines).toEqual(["could not look for slow turns that ran out"]);
    expect(db.fields[0]).toContain("42601");
    expect(db.fields[0]).not.toContain("Zoé");
  });

  it("runs one pass at a time", async () => {
    const db = overdueRooms(3);
    const driver = new PaceDriver(db.rooms, 60_000, 10);
    await Promise.all([driver.check(), driver.check()]);
    expect(db.handed).toHaveLength(3);
  });
});
