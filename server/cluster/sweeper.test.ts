import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { TableeError } from "../../shared/protocol";
import { OutageLog } from "../db/outage";
import type { RoomRecord } from "../rooms/record";
import { CLAIM_BATCH, LeaseSweeper } from "./sweeper";

const unreachable = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** Expired leases in a fake database, rooms that load (or fail to), and what the sweeper logged and resumed. */
function cluster(expired: number, now: () => number = Date.now) {
  const lines: { msg: string; fields: string }[] = [];
  const at = (fields: unknown, msg?: string) => void lines.push({ msg: msg ?? "", fields: JSON.stringify(fields) });
  const log = { info: at, warn: at, error: at, debug: at } as unknown as FastifyBaseLogger;
  const state = {
    expired: Array.from({ length: expired }, (_, i) => `room${i}`),
    claims: 0,
    renewFails: null as (() => Error) | null,
    loadFails: new Map<string, () => Error>(),
  };
  const resumed: string[] = [];
  const leases = {
    renew: async () => {
      if (state.renewFails) throw state.renewFails();
    },
    claimExpired: async (limit = CLAIM_BATCH) => {
      state.claims++;
      return state.expired.splice(0, limit);
    },
  };
  const rooms = {
    outages: new OutageLog(log, now),
    takenOver: async (id: string) => {
      const fail = state.loadFails.get(id);
      if (fail) throw fail();
      return { id } as RoomRecord;
    },
  };
  const sweeper = new LeaseSweeper(leases, rooms, (room) => resumed.push(room.id));
  return { state, resumed, lines, sweeper };
}

describe("the lease sweeper", () => {
  it("takes over every expired room in one sweep, however many, batch after batch", async () => {
    const { state, resumed, sweeper } = cluster(CLAIM_BATCH * 2 + 50);
    await sweeper.tick();
    expect(state.claims).toBe(3);
    expect(new Set(resumed).size).toBe(CLAIM_BATCH * 2 + 50);
  });

  it("runs one sweep at a time", async () => {
    const { state, sweeper } = cluster(3);
    await Promise.all([sweeper.tick(), sweeper.tick(), sweeper.tick()]);
    expect(state.claims).toBe(1);
  });

  it("tries again at the next sweep a room it took but could not load while the database was away; not one that is gone", async () => {
    const { state, resumed, lines, sweeper } = cluster(3);
    state.loadFails.set("room1", unreachable);
    state.loadFails.set("room2", () => new TableeError("ROOM_NOT_FOUND", "no such room"));
    await sweeper.tick();
    expect(resumed).toEqual(["room0"]);
    state.loadFails.clear();
    await sweeper.tick(); // nothing expired any more: only the room left over
    expect(resumed).toEqual(["room0", "room1"]);
    expect(lines.map((l) => l.msg)).toEqual([
      "database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)",
      "could not resume a room taken over",
      "database answers again",
    ]);
    expect(lines[1]!.fields).toContain("ROOM_NOT_FOUND");
  });

  it("alone, resumes at its next sweeps the rooms its start could not load, and claims nothing more", async () => {
    const { state, resumed, sweeper } = cluster(3);
    state.loadFails.set("room1", unreachable);
    await sweeper.sweep(async () => state.expired.splice(0)); // the start: every room in play
    expect(resumed).toEqual(["room0", "room2"]);
    sweeper.start(60_000, "alone");
    sweeper.stop(); // ticks by hand
    await sweeper.tick(); // the database still away
    expect(resumed).toEqual(["room0", "room2"]);
    state.loadFails.clear();
    state.expired.push("room9"); // a lone server claims nothing after its start
    await sweeper.tick();
    await sweeper.tick();
    expect(resumed).toEqual(["room0", "room2", "room1"]);
    expect(state.claims).toBe(0);
  });

  it("leaves a database outage to the outage log: sweeps failing for 21 s give its first line, one summary and the end", async () => {
    let now = 0;
    const { state, lines, sweeper } = cluster(0, () => now);
    state.renewFails = unreachable;
    for (now = 0; now <= 21_000; now += 3_000) await sweeper.tick();
    state.renewFails = null;
    await sweeper.tick();
    expect(lines.map((l) => l.msg)).toEqual([
      "database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)",
      "database still unavailable",
      "database answers again",
    ]);
    expect(JSON.parse(lines[1]!.fields)).toMatchObject({ failures: 4, outageMs: 12_000, error: { type: "Error", codes: ["ECONNREFUSED"] } });
    expect(lines[1]!.fields).not.toContain("127.0.0.1"); // the message is not logged
  });

  it("says once why a sweep failed for another reason, without the error's message", async () => {
    const { state, lines, sweeper } = cluster(0);
    state.renewFails = () => Object.assign(new Error("deadlock detected while renewing Zoé's room"), { code: "40P01" });
    await sweeper.tick();
    expect(lines.map((l) => l.msg)).toEqual(["lease sweep failed"]);
    expect(lines[0]!.fields).toContain("40P01");
    expect(lines[0]!.fields).not.toContain("Zoé");
  });
});
