import { describe, expect, it } from "vitest";
import { ServiceGate, serviceOf, type ServiceLimits } from "./serviceGate";

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const limits = (changes: Partial<ServiceLimits>): ServiceLimits => ({ perService: 4, queuedPerService: 10, stallAfter: 100, stallMs: 1000, slowMs: 10_000, ...changes });

describe("a push service's share of the sender", () => {
  it("names a push service by its registrable domain, an address by its network", () => {
    expect(serviceOf("https://fcm.googleapis.com/fcm/send/abc")).toBe("googleapis.com");
    expect(serviceOf("https://a.evil.example.com/x")).toBe(serviceOf("https://b.c.evil.example.com/y"));
    expect(serviceOf("https://web.push.apple.com/x")).toBe("apple.com");
    // Every address of one home's IPv6 /64 (or one IPv4 /24) is one service, not one each.
    expect(serviceOf("https://[2001:db8:1:2::1]/x")).toBe(serviceOf("https://[2001:db8:1:2:ffff::9]/y"));
    expect(serviceOf("https://[2001:db8:1:2::1]/x")).toBe("2001:db8:1:2::/64");
    expect(serviceOf("https://[2001:db8:1:3::1]/x")).not.toBe(serviceOf("https://[2001:db8:1:2::1]/x"));
    expect(serviceOf("https://203.0.113.7/x")).toBe("203.0.113.0/24");
    expect(serviceOf("https://[::ffff:203.0.113.9]/x")).toBe("203.0.113.0/24");
    expect(serviceOf("http://localhost:3000/x")).toBe("localhost:3000");
  });

  it("runs at most `perService` at once for one service, while another service goes ahead", async () => {
    const gate = new ServiceGate(limits({ perService: 2 }));
    const started: string[] = [];
    const work = (name: string) => () => {
      started.push(name);
      return later({ name }, 50);
    };
    const slow = [1, 2, 3].map((i) => gate.run(`https://push.slow.example/${i}`, work(`slow${i}`), () => false));
    const other = gate.run("https://push.other.example/1", work("other"), () => false);
    await later(null, 10);
    expect(started).toEqual(["slow1", "slow2", "other"]); // the third waits for the slow service's slot
    await Promise.all([...slow, other]);
    expect(started).toEqual(["slow1", "slow2", "other", "slow3"]);
  });

  it("does not hold the browsers' own push services to one service's share", async () => {
    const gate = new ServiceGate(limits({ perService: 1 }));
    let running = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++running);
      await later(null, 30);
      running--;
      return { sent: true };
    };
    await Promise.all([1, 2, 3].map((i) => gate.run(`https://fcm.googleapis.com/fcm/send/${i}`, work, () => false)));
    expect(most).toBe(3);
  });

  it("skips a service that left `stallAfter` requests in a row unanswered, for `stallMs`, then tries it again", async () => {
    let now = 0;
    const gate = new ServiceGate(limits({ stallAfter: 3, stallMs: 60_000 }), () => now);
    const hang = () => Promise.resolve({ answered: false });
    const unanswered = (result: { answered: boolean }) => !result.answered;
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await gate.run("https://x.hang.example/", hang, unanswered));
    expect(outcomes).toEqual([
      { done: { answered: false }, stalledNow: false },
      { done: { answered: false }, stalledNow: false },
      { done: { answered: false }, stalledNow: true }, // the one to log
    ]);
    let ran = false;
    const run = () => {
      ran = true;
      return Promise.resolve({ answered: true });
    };
    expect(await gate.run("https://y.hang.example/", run, unanswered)).toEqual({ skipped: "stalled" });
    expect(ran).toBe(false);
    now += 60_001;
    expect(await gate.run("https://y.hang.example/", run, unanswered)).toEqual({ done: { answered: true }, stalledNow: false });
  });

  it("counts an answer slower than `slowMs` as none: a service that answers just before the timeout is skipped too", async () => {
    let now = 0;
    const gate = new ServiceGate(limits({ stallAfter: 2, slowMs: 5_000 }), () => now);
    const slowly = () => {
      now += 9_900;
      return Promise.resolve({ answered: true });
    };
    await gate.run("https://slow.example/", slowly, () => false);
    expect(await gate.run("https://slow.example/", slowly, () => false)).toEqual({ done: { answered: true }, stalledNow: true });
    expect(await gate.run("https://slow.example/", slowly, () => false)).toEqual({ skipped: "stalled" });
  });

  it("drops a push when too many already wait for its service", async () => {
    const gate = new ServiceGate(limits({ perService: 1, queuedPerService: 1 }));
    const first = gate.run("https://busy.example/1", () => later({ n: 1 }, 50), () => false);
    const second = gate.run("https://busy.example/2", () => later({ n: 2 }, 10), () => false);
    expect(await gate.run("https://busy.example/3", () => later({ n: 3 }, 10), () => false)).toEqual({ skipped: "busy" });
    expect(await Promise.all([first, second])).toEqual([{ done: { n: 1 }, stalledNow: false }, { done: { n: 2 }, stalledNow: false }]);
  });
});
