import { describe, expect, it } from "vitest";
import { ConnectionGate } from "./connectionGate";

describe("ConnectionGate", () => {
  it("admits an address up to its open sockets, and again once one closes; other addresses apart", async () => {
    const gate = new ConnectionGate({ perAddress: 2, perAddressPerMinute: 100 });
    for (let i = 0; i < 2; i++) {
      expect(await gate.admit("1.2.3.4")).toBe("ok");
      gate.opened("1.2.3.4");
    }
    expect(await gate.admit("1.2.3.4")).toBe("tooMany");
    expect(await gate.admit("5.6.7.8")).toBe("ok");
    gate.closed("1.2.3.4");
    expect(gate.openFrom("1.2.3.4")).toBe(1);
    expect(await gate.admit("1.2.3.4")).toBe("ok");
  });

  it("admits an address's new sockets up to its rate, closed ones counting", async () => {
    const gate = new ConnectionGate({ perAddress: 100, perAddressPerMinute: 3 });
    for (let i = 0; i < 3; i++) {
      expect(await gate.admit("1.2.3.4")).toBe("ok");
      gate.opened("1.2.3.4");
      gate.closed("1.2.3.4");
    }
    expect(await gate.admit("1.2.3.4")).toBe("tooFast");
    expect(await gate.admit("9.9.9.9")).toBe("ok");
  });

  it("spends no start on a refusal for too many open sockets, and forgets an address with its last socket", async () => {
    const gate = new ConnectionGate({ perAddress: 1, perAddressPerMinute: 2 });
    expect(await gate.admit("a")).toBe("ok");
    gate.opened("a");
    for (let i = 0; i < 5; i++) expect(await gate.admit("a")).toBe("tooMany");
    gate.closed("a");
    expect(gate.openFrom("a")).toBe(0);
    expect(await gate.admit("a")).toBe("ok"); // the second start of the minute: the refusals spent none
    expect(await gate.admit("a")).toBe("tooFast");
  });
});
