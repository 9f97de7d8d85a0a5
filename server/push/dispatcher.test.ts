import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { PushDispatcher } from "./dispatcher";
import type { PushSender, SendOutcome } from "./sender";
import type { PushStore, StoredSubscription } from "./store";
import { after, fakeGame, tableRoom } from "./testkit";

/** A dispatcher over an in-memory store and a sender whose answers the test chooses. */
function harness(answer: (endpoint: string) => Promise<SendOutcome>, databaseAway = false) {
  const rows: StoredSubscription[] = [
    { id: 1n, roomId: "room-1", seatTokenHash: "hash-b", endpoint: "https://push.example/bob-phone", keys: { p256dh: "p", auth: "a" }, locale: "fr" },
    { id: 2n, roomId: "room-1", seatTokenHash: "hash-b", endpoint: "https://push.example/bob-laptop", keys: { p256dh: "p", auth: "a" }, locale: "en" },
    { id: 3n, roomId: "room-1", seatTokenHash: "hash-a", endpoint: "https://push.example/alice", keys: { p256dh: "p", auth: "a" }, locale: "en" },
  ];
  const sent: { endpoint: string; payload: unknown }[] = [];
  const followed: [string, string][] = [];
  const logged: { level: string; message: string }[] = [];
  const store = {
    ofSeats: async (roomId: string, hashes: readonly string[]) => {
      if (databaseAway) throw new Error("database away");
      return rows.filter((r) => r.roomId === roomId && hashes.includes(r.seatTokenHash));
    },
    forget: async (endpoint: string) => {
      for (let i = rows.length - 1; i >= 0; i--) if (rows[i]!.endpoint === endpoint) rows.splice(i, 1);
    },
    followRematch: async (from: string, to: string) => followed.push([from, to]),
  } as unknown as PushStore;
  const sender = {
    send: (target: { endpoint: string }, payload: string) => {
      sent.push({ endpoint: target.endpoint, payload: JSON.parse(payload) });
      return answer(target.endpoint);
    },
  } as unknown as PushSender;
  const log = Object.fromEntries(["info", "warn", "error", "debug"].map((level) => [level, (_fields: unknown, message: string) => logged.push({ level, message })]));
  const dispatcher = new PushDispatcher(store, sender, () => fakeGame, log as unknown as FastifyBaseLogger);
  return { dispatcher, rows, sent, followed, logged };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("the push dispatcher", () => {
  const start = tableRoom(); // Alice (seat 0, hash-a) to move, Bob (seat 1, hash-b), a computer

  it("sends each of the seat's devices the notice in its own language, and deletes those the push service calls gone", async () => {
    const { dispatcher, rows, sent, logged } = harness(async (endpoint) => (endpoint.endsWith("laptop") ? { kind: "gone", status: 410 } : { kind: "sent" }));
    dispatcher.committed(start, after(start, 0, { current: [1] }), () => new Set([0]));
    await settle();
    expect(sent).toEqual([
      { endpoint: "https://push.example/bob-phone", payload: { kind: "turn", title: "À vous de jouer — Qwirkle", body: "Qwirkle avec Alice et l’ordinateur ·\u00a0Facile", url: "/r/room-1", tag: "room-1" } },
      { endpoint: "https://push.example/bob-laptop", payload: { kind: "turn", title: "Your turn — Qwirkle", body: "Qwirkle with Alice and Computer ·\u00a0Easy", url: "/r/room-1", tag: "room-1" } },
    ]);
    expect(rows.map((r) => r.id)).toEqual([1n, 3n]);
    expect(logged.filter((l) => l.level !== "debug")).toEqual([{ level: "info", message: "push subscription gone: deleted" }]);
  });

  it("deletes a subscription whose endpoint the server no longer sends to (stored before the rules tightened)", async () => {
    const { dispatcher, rows, logged } = harness(async (endpoint) =>
      endpoint.endsWith("laptop") ? { kind: "refused", reason: "not a public https push service: port 22: push services listen on 443" } : { kind: "sent" },
    );
    dispatcher.committed(start, after(start, 0, { current: [1] }), () => new Set([0]));
    await settle();
    expect(rows.map((r) => r.id)).toEqual([1n, 3n]);
    expect(logged.filter((l) => l.level !== "debug")).toEqual([{ level: "warn", message: "push endpoint refused: subscription deleted" }]);
  });

  it("returns at once: a push service that hangs or fails never holds the change, and failures are logged at warn", async () => {
    let release = (_outcome: SendOutcome) => undefined as void;
    const { dispatcher, rows, logged } = harness(() => new Promise((resolve) => (release = resolve)));
    const started = Date.now();
    dispatcher.committed(start, after(start, 0, { current: [1] }), () => new Set());
    expect(Date.now() - started).toBeLessThan(50);
    await settle();
    release({ kind: "failed", reason: "push service answered 500" });
    await dispatcher.close();
    expect(rows).toHaveLength(3); // kept
    expect(logged.some((l) => l.level === "warn" && l.message === "push not delivered")).toBe(true);
  });

  it("does not even look at who is connected for a change that moves nothing (a setting, a seat claimed)", async () => {
    const { dispatcher, sent } = harness(async () => ({ kind: "sent" }));
    let asked = 0;
    const connected = () => {
      asked++;
      return new Set<number>();
    };
    dispatcher.committed(start, { ...start, version: start.version + 1, settings: { ...start.settings, hints: true } }, connected);
    expect(asked).toBe(0);
    dispatcher.committed(start, after(start, 0, { current: [1] }), connected);
    expect(asked).toBe(1);
    await settle();
    expect(sent).toHaveLength(2); // Bob's two devices
  });

  it("logs a failing store instead of throwing, and carries subscriptions to the next game of the table", async () => {
    const { dispatcher, followed } = harness(async () => ({ kind: "sent" }));
    const next = { ...start, id: "room-2", series: { ...start.series, previousRoomId: "room-1" } };
    dispatcher.committed(null, next, () => new Set());
    await settle();
    expect(followed).toEqual([["room-1", "room-2"]]);
    const broken = harness(async () => ({ kind: "sent" }), true);
    expect(() => broken.dispatcher.committed(start, after(start, 0, { current: [1] }), () => new Set())).not.toThrow();
    await settle();
    expect(broken.logged).toEqual([{ level: "warn", message: "pushes not sent" }]);
  });
});
