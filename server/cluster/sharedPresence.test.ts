import { describe, expect, it } from "vitest";
import type { PresenceReport } from "./events";
import { PROCESS_SILENCE_MS, SharedPresence } from "./sharedPresence";

describe("SharedPresence", () => {
  const setup = () => {
    let now = 1_000;
    const sent: PresenceReport[] = [];
    const presence = new SharedPresence("me", (r) => sent.push(r), () => now);
    return { presence, sent, advance: (ms: number) => (now += ms) };
  };

  it("reports our seats only when they change", () => {
    const { presence, sent } = setup();
    presence.report("r1", new Set([0, 2]));
    presence.report("r1", new Set([2, 0]));
    presence.report("r1", new Set());
    expect(sent.map((r) => r.seats)).toEqual([[0, 2], []]);
  });

  it("unites the seats reported by live processes, and forgets a process that went silent", () => {
    const { presence, advance } = setup();
    presence.receive({ processId: "a", roomId: "r1", seats: [1] });
    presence.receive({ processId: "b", roomId: "r1", seats: [3] });
    expect([...presence.elsewhere("r1")].sort()).toEqual([1, 3]);
    advance(PROCESS_SILENCE_MS / 2);
    presence.alive("b");
    advance(PROCESS_SILENCE_MS / 2 + 1);
    expect([...presence.elsewhere("r1")]).toEqual([3]); // a is silent, b spoke recently
    expect(presence.expire()).toEqual(["r1"]);
  });

  it("drops a process that says it is gone, and an empty report clears its seats", () => {
    const { presence } = setup();
    presence.receive({ processId: "a", roomId: "r1", seats: [1] });
    presence.receive({ processId: "b", roomId: "r1", seats: [2] });
    presence.gone("a");
    presence.receive({ processId: "b", roomId: "r1", seats: [] });
    expect(presence.elsewhere("r1").size).toBe(0);
  });

  it("re-reports everything it holds for a newcomer", () => {
    const { presence, sent } = setup();
    presence.report("r1", new Set([0]));
    presence.report("r2", new Set([1, 2]));
    sent.length = 0;
    presence.reportAll();
    expect(sent).toEqual([
      { processId: "me", roomId: "r1", seats: [0] },
      { processId: "me", roomId: "r2", seats: [1, 2] },
    ]);
  });
});
