import { describe, expect, it } from "vitest";
import { addressKey, ConnectionGate } from "./connectionGate";

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

  it("counts an IPv6 host by its /64, an IPv4-mapped address as its IPv4", async () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe(addressKey("2001:db8:1:2:bbbb::9"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    const gate = new ConnectionGate({ perAddress: 2, perAddressPerMinute: 100 });
    gate.opened("2001:db8:1:2::1");
    gate.opened("2001:db8:1:2::2");
    expect(await gate.admit("2001:db8:1:2::3")).toBe("tooMany");
    expect(await gate.admit("2001:db8:9:9::1")).toBe("ok");
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

  it("says what it would answer without spending a start (a page asking why its socket fails)", async () => {
    const gate = new ConnectionGate({ perAddress: 1, perAddressPerMinute: 2 });
    expect(await gate.peek("a")).toBe("ok");
    expect(await gate.peek("a")).toBe("ok");
    expect(await gate.admit("a")).toBe("ok"); // peeks spent none of the minute's two starts
    gate.opened("a");
    expect(await gate.peek("a")).toBe("tooMany");
    gate.closed("a");
    expect(await gate.admit("a")).toBe("ok");
    expect(await gate.peek("a")).toBe("tooFast");
    expect(await gate.admit("a")).toBe("tooFast");
    expect(await gate.peek("b")).toBe("ok");
  });
});
