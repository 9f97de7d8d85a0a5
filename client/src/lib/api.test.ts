import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { request } from "./api";

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const count = z.object({ n: z.number().int() });

describe("request", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives the answer checked against its schema", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => answer(200, { n: 3 })));
    expect(await request("/api/x", count)).toEqual({ ok: true, value: { n: 3 } });
  });

  it("refuses an answer that does not match, as UNKNOWN", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => answer(200, { n: "three" })));
    const result = await request("/api/x", count);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe("UNKNOWN");
  });

  it("passes on the server's error, checked too", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => answer(404, { error: { code: "ROOM_NOT_FOUND", message: "no such room" } })));
    expect(await request("/api/x", count)).toEqual({ ok: false, error: { code: "ROOM_NOT_FOUND", message: "no such room" } });
    vi.stubGlobal("fetch", vi.fn(async () => answer(500, { error: { code: "NOT_A_CODE", message: "?" } })));
    expect(await request("/api/x", count)).toEqual({ ok: false, error: { code: "UNKNOWN", message: "HTTP 500" } });
  });

  it("says NETWORK when the request cannot be made", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const lost = await request("/api/x", count);
    expect(!lost.ok && lost.error.code).toBe("NETWORK");
  });
});
