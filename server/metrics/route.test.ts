import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { LabelValues, OTHER } from "./labels";
import { PrometheusMetrics } from "./prometheus";
import { bearerMatches, metricsAccessOf, registerMetricsRoute, type MetricsAccess } from "./route";

describe("metrics access", () => {
  it.each([
    [undefined, undefined, "off"],
    ["off", undefined, "off"],
    ["on", undefined, "open"],
    [undefined, "a-long-enough-token", "token"],
    ["on", "a-long-enough-token", "token"],
    ["off", "a-long-enough-token", "off"],
  ] as const)("METRICS=%s METRICS_TOKEN=%s → %s", (setting, token, kind) => {
    expect(metricsAccessOf(setting, token).kind).toBe(kind);
  });

  it.each([
    ["Bearer secret-token-123456", true],
    ["bearer secret-token-123456", true],
    ["Bearer secret-token-1234567", false],
    ["Bearer ", false],
    ["secret-token-123456", false],
    [undefined, false],
  ] as const)("Authorization %s → %s", (header, ok) => {
    expect(bearerMatches(header, "secret-token-123456")).toBe(ok);
  });
});

describe("label values", () => {
  const labels = new LabelValues(GAMES);
  it("keeps known values and folds anything else into 'other'", () => {
    expect(labels.game("qwirkle")).toBe("qwirkle");
    expect(labels.game("r0oMiD-1234")).toBe(OTHER);
    expect(labels.game(undefined)).toBe(OTHER);
    expect(labels.code("NOT_YOUR_TURN")).toBe("NOT_YOUR_TURN");
    expect(labels.code("Mallory")).toBe(OTHER);
    expect(labels.level(GAMES[0]?.bots[0]?.id ?? "")).not.toBe(OTHER);
    expect(labels.level("__proto__")).toBe(OTHER);
    expect(labels.status("playing")).toBe("playing");
    expect(labels.status("hacked")).toBe(OTHER);
  });
});

describe("GET /metrics", () => {
  const serve = async (access: MetricsAccess) => {
    const app = Fastify();
    const metrics = new PrometheusMetrics(GAMES);
    metrics.watch({ sockets: () => 3, botQueue: () => 0, openRooms: async () => [{ game: "qwirkle", status: "playing", count: 2 }] });
    registerMetricsRoute(app, access.kind === "off" ? null : metrics, access);
    await app.ready();
    return app;
  };

  it("is 404 when off", async () => {
    const app = await serve({ kind: "off" });
    expect((await app.inject({ url: "/metrics" })).statusCode).toBe(404);
  });

  it("asks for the token when one is set", async () => {
    const app = await serve({ kind: "token", token: "secret-token-123456" });
    const refused = await app.inject({ url: "/metrics" });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["www-authenticate"]).toMatch(/^Bearer/u);
    expect((await app.inject({ url: "/metrics", headers: { authorization: "Bearer nope" } })).statusCode).toBe(401);
    const ok = await app.inject({ url: "/metrics", headers: { authorization: "Bearer secret-token-123456" } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/u);
    expect(ok.body).toContain("tablee_sockets_connected 3");
    expect(ok.body).toContain('tablee_rooms_open{game="qwirkle",status="playing"} 2');
    expect(ok.body).toContain("tablee_database_up 1");
    expect(ok.body).toContain("nodejs_eventloop_lag_seconds");
  });

  it("reports the database down when its query fails", async () => {
    const app = Fastify();
    const metrics = new PrometheusMetrics(GAMES);
    metrics.watch({ sockets: () => 0, botQueue: () => 0, openRooms: () => Promise.reject(new Error("connection refused")), redis: async () => false });
    registerMetricsRoute(app, metrics, { kind: "open" });
    const body = (await app.inject({ url: "/metrics" })).body;
    expect(body).toContain("tablee_database_up 0");
    expect(body).toContain("tablee_redis_up 0");
  });
});
