import { describe, expect, it } from "vitest";
import { Lanes } from "./lanes";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("Lanes", () => {
  it("runs one key's tasks one after another, even after a failure, and other keys alongside", async () => {
    const lanes = new Lanes();
    const events: string[] = [];
    const task = (name: string, fail = false) => async () => {
      events.push(`${name} start`);
      await tick();
      events.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const a1 = lanes.run("a", task("a1", true));
    const a2 = lanes.run("a", task("a2"));
    const b1 = lanes.run("b", task("b1"));
    await expect(a1).rejects.toThrow("a1");
    await expect(a2).resolves.toBe("a2");
    await expect(b1).resolves.toBe("b1");
    expect(events.indexOf("a2 start")).toBeGreaterThan(events.indexOf("a1 end"));
    expect(events.indexOf("b1 start")).toBeLessThan(events.indexOf("a1 end"));
  });

  it("is idle once every queued task settled", async () => {
    const lanes = new Lanes();
    let done = 0;
    for (let i = 0; i < 3; i++) void lanes.run("a", async () => void (await tick(), done++));
    await lanes.idle();
    expect(done).toBe(3);
    await lanes.idle(); // nothing left: resolves at once
  });
});
