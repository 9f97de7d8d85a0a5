import { describe, expect, it } from "vitest";
import { loadConfig, trustProxyOf, vapidConfigOf } from "./config";

describe("configuration", () => {
  it("reads TRUST_PROXY as fastify's trustProxy", () => {
    expect(trustProxyOf("")).toBe(false);
    expect(trustProxyOf("true")).toBe(true);
    const oneHop = trustProxyOf("1") as (address: string, hop: number) => boolean;
    expect([oneHop("10.0.0.2", 0), oneHop("10.0.0.3", 1)]).toEqual([true, false]);
    expect(trustProxyOf("127.0.0.1, 10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
  });

  it("refuses a lease sweep slower than a fifth of LEASE_TTL_MS (leases last LEASE_TTL_MS − LEASE_SWEEP_MS)", () => {
    expect(loadConfig({}).LEASE_SWEEP_MS * 5).toBe(loadConfig({}).LEASE_TTL_MS); // the defaults sit on the limit
    expect(loadConfig({ LEASE_TTL_MS: "1500", LEASE_SWEEP_MS: "300" }).LEASE_SWEEP_MS).toBe(300);
    expect(() => loadConfig({ LEASE_TTL_MS: "15000", LEASE_SWEEP_MS: "5000" })).toThrow(/LEASE_SWEEP_MS \(5000\) must be at most a fifth of LEASE_TTL_MS/u);
    expect(() => loadConfig({ LEASE_SWEEP_MS: "10000" })).toThrow(/at most a fifth/u);
  });

  it("refuses REDIS_URL without DATABASE_URL (the embedded PGlite belongs to one process)", () => {
    expect(() => loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(/needs DATABASE_URL/u);
    expect(loadConfig({ REDIS_URL: "redis://x", DATABASE_URL: "postgresql://y" }).REDIS_STREAM).toBe("tablee");
  });

  it("reads METRICS and METRICS_TOKEN (empty means unset; a token of fewer than 16 characters is refused)", () => {
    expect(loadConfig({ METRICS: "", METRICS_TOKEN: "" })).toMatchObject({ METRICS: undefined, METRICS_TOKEN: undefined });
    expect(loadConfig({ METRICS: "on" }).METRICS).toBe("on");
    expect(() => loadConfig({ METRICS: "yes" })).toThrow(/METRICS/u);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/u);
  });

  it("reads the VAPID settings: both keys or neither, well-formed, and a contact subject", () => {
    const publicKey = `B${"A".repeat(86)}`;
    const privateKey = "a".repeat(43);
    expect(vapidConfigOf(loadConfig({ VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "", VAPID_SUBJECT: "" }))).toEqual({
      keys: null,
      subject: "mailto:admin@tablee.invalid",
      allowLocalEndpoints: false, // production: public https push services only
    });
    expect(vapidConfigOf(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: "https://tablee.example" }))).toEqual({
      keys: { publicKey, privateKey },
      subject: "https://tablee.example",
      allowLocalEndpoints: false,
    });
    expect(vapidConfigOf(loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: "true" })).allowLocalEndpoints).toBe(true);
    expect(() => loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: "yes" })).toThrow(/PUSH_ALLOW_LOCAL_ENDPOINTS/u);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/go together/u);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY/u);
    expect(() => loadConfig({ VAPID_SUBJECT: "admin@tablee.example" })).toThrow(/VAPID_SUBJECT/u);
  });
});
