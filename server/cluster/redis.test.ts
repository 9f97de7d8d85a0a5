import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { connectRedis, watchRedis } from "./redis";

describe("connectRedis", () => {
  it("serves without Redis when it is away at start, instead of waiting for ever, and says so once", async () => {
    // A port nobody listens on: taken, then freed.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const reports: string[] = [];
    const started = Date.now();
    const client = await connectRedis(`redis://127.0.0.1:${port}`, (message) => reports.push(message), 300);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(client.isReady).toBe(false);
    expect(watchRedis(client, () => undefined)()).toMatchObject({ up: false });
    expect(reports.filter((line) => line.includes("serving without it"))).toHaveLength(1);
    client.destroy();
  });
});
