import { describe, expect, it } from "vitest";
import { ServiceGate, serviceOf } from "./serviceGate";

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("a push service's share of the sender", () => {
  it("names a push service by its registrable domain: many names under one domain are one service", () => {
    expect(serviceOf("https://fcm.googleapis.com/fcm/send/abc")).toBe("googleapis.com");
    expect(serviceOf("https://a.evil.example.com/x")).toBe(serviceOf("https://b.c.evil.example.com/y"));
    expect(serviceOf("https://web.push.apple.com/x")).toBe("apple.com");
    expect(serviceOf("http://127.0.0.1:8080/x")).toBe("127.0.0.1:8080");
    expect(serviceOf("http://localhost:3000/x")).toBe("localhost:3000");
  });

  it("runs at most `perService` at once for one service, while another service goes ahead", async () => {
    const gate = new ServiceGate({ perService: 2, queuedPerService: 10, stallAfter: 100, stallMs: 1000 });
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

  it("skips a service that left `stallAfter` requests in a row unanswered, for `stallMs`, then tries it again", async () => {
    let now = 0;
    const gate = new ServiceGate({ perService: 4, queuedPerService: 10, stallAfter: 3, stallMs: 60_000 }, () => now);
    const hang = () => Promise.resolve({ answered: false });
    const answered = (result: { answered: boolean }) => !result.answered;
    for (let i = 0; i < 3; i++) expect(await gate.run("https://x.hang.example/", hang, answered)).toEqual({ answered: false });
    let ran = false;
    const run = () => {
      ran = true;
      return Promise.resolve({ answered: true });
    };
    expect(await gate.run("https://y.hang.example/", run, answered)).toBe("stalled");
    expect(ran).toBe(false);
    now += 60_001;
    expect(await gate.run("https://y.hang.example/", run, answered)).toEqual({ answered: true });
    expect(await gate.run("https://y.hang.example/", run, answered)).toEqual({ answered: true }); // answered again: not skipped
  });

  it("drops a push when too many already wait for its service", async () => {
    const gate = new ServiceGate({ perService: 1, queuedPerService: 1, stallAfter: 100, stallMs: 1000 });
    const first = gate.run("https://busy.example/1", () => later({ n: 1 }, 50), () => false);
    const second = gate.run("https://busy.example/2", () => later({ n: 2 }, 10), () => false);
    expect(await gate.run("https://busy.example/3", () => later({ n: 3 }, 10), () => false)).toBe("busy");
    expect(await Promise.all([first, second])).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
