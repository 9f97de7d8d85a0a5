import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { PushSender } from "./sender";

/** A push service that answers each path's status, or never for "/hang". */
let service: Server;
let url = "";
const seen: string[] = [];

beforeAll(async () => {
  service = createServer((request, response) => {
    seen.push(request.url ?? "");
    request.resume();
    if (request.url === "/hang") return; // never answers
    response.writeHead(Number(request.url?.slice(1)) || 201).end();
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  const address = service.address();
  url = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";
});
afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});

const keys = { ...webPush.generateVAPIDKeys(), subject: "mailto:test@tablee.invalid" };
const device = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
// A real device key: web-push refuses to encrypt for a point that is not on the curve.
const realDevice = (() => {
  const pair = webPush.generateVAPIDKeys(); // a P-256 key pair, base64url: its public half is a valid p256dh
  return { p256dh: pair.publicKey, auth: "AAAAAAAAAAAAAAAAAAAAAA" };
})();

/** The tests' push service is a local http server: allowed here as PUSH_ALLOW_LOCAL_ENDPOINTS allows it. */
const local = { allowLocal: true };

describe("the push sender", () => {
  it.each([
    ["/201", { kind: "sent" }],
    ["/404", { kind: "gone", status: 404 }],
    ["/410", { kind: "gone", status: 410 }],
    ["/429", { kind: "failed", reason: "push service answered 429" }],
    ["/500", { kind: "failed", reason: "push service answered 500" }],
  ] as const)("reads the push service's answer %s", async (path, outcome) => {
    const sender = new PushSender(keys, undefined, local);
    expect(await sender.send({ endpoint: `${url}${path}`, keys: realDevice }, "{}")).toEqual(outcome);
  });

  it("gives up on a push service that does not answer, and on keys it cannot encrypt for", async () => {
    const sender = new PushSender(keys, { timeoutMs: 200, concurrency: 2, queued: 10, ttlSeconds: 60 }, local);
    const started = Date.now();
    expect(await sender.send({ endpoint: `${url}/hang`, keys: realDevice }, "{}")).toEqual({ kind: "failed", reason: "no answer within 200 ms", unanswered: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await sender.send({ endpoint: `${url}/201`, keys: device }, "{}")).kind).toBe("failed");
  });

  it("sends at most `concurrency` at once and drops what does not fit in the queue", async () => {
    const sender = new PushSender(keys, { timeoutMs: 300, concurrency: 1, queued: 1, ttlSeconds: 60 }, local);
    seen.length = 0;
    const first = sender.send({ endpoint: `${url}/hang`, keys: realDevice }, "{}");
    const second = sender.send({ endpoint: `${url}/201`, keys: realDevice }, "{}");
    const third = sender.send({ endpoint: `${url}/201`, keys: realDevice }, "{}");
    expect(await third).toEqual({ kind: "failed", reason: "too many pushes waiting" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(["/hang"]); // the second waits for the first
    expect(await first).toMatchObject({ kind: "failed" });
    expect(await second).toEqual({ kind: "sent" });
  });

  it("keeps a push service that never answers from holding up everyone else's pushes", async () => {
    const hangAt = url.replace("127.0.0.1", "localhost"); // another push service (another host), the same test server
    const sender = new PushSender(keys, { timeoutMs: 400, concurrency: 4, queued: 100, ttlSeconds: 60, services: { perService: 2, queuedPerService: 50, stallAfter: 3, stallMs: 60_000, slowMs: 5_000 } }, local);
    const hanging = Array.from({ length: 20 }, () => sender.send({ endpoint: `${hangAt}/hang`, keys: realDevice }, "{}"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect(await sender.send({ endpoint: `${url}/201`, keys: realDevice }, "{}")).toEqual({ kind: "sent" });
    expect(Date.now() - started).toBeLessThan(300); // not behind the hanging ones
    // Two at a time, three unanswered in a row: the rest are skipped at once, not 400 ms each.
    const outcomes = await Promise.all(hanging);
    expect(outcomes.filter((o) => o.kind === "failed" && o.reason.startsWith("no answer within 400 ms")).length).toBeLessThanOrEqual(4);
    expect(outcomes.filter((o) => o.kind === "failed" && o.reason.endsWith("push service skipped for a while (several in a row unanswered or slow)"))).toHaveLength(1); // said once
    expect(outcomes.filter((o) => o.kind === "skipped").length).toBeGreaterThanOrEqual(16);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("in production, refuses a stored endpoint the subscription rules no longer take, without sending (issue 32, point 8)", async () => {
    const sender = new PushSender(keys);
    seen.length = 0;
    expect(await sender.send({ endpoint: `${url}/201`, keys: realDevice }, "{}")).toEqual({ kind: "refused", reason: "not a public https push service: not https" });
    expect(await sender.send({ endpoint: "https://fcm.googleapis.com:22/x", keys: realDevice }, "{}")).toMatchObject({ kind: "refused" });
    expect(seen).toEqual([]);
  });

  it("in production, resolves the push service's name on the connection itself and refuses a private address", async () => {
    // A public-looking name that resolves to this machine (DNS rebinding, a hostile zone).
    const resolved: string[] = [];
    const sender = new PushSender(keys, { timeoutMs: 2_000, concurrency: 1, queued: 1, ttlSeconds: 60 }, {
      allowLocal: false,
      resolve: (hostname, callback) => {
        resolved.push(hostname);
        callback(null, [{ address: "127.0.0.1", family: 4 }]);
      },
    });
    const outcome = await sender.send({ endpoint: "https://push.example.com/fcm/send/x", keys: realDevice }, "{}");
    expect(outcome).toEqual({ kind: "failed", reason: "push.example.com resolves to a loopback address: not a public push service" });
    expect(resolved).toEqual(["push.example.com"]);
  });
});
