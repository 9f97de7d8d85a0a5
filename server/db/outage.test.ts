import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { TableeError } from "../../shared/protocol";
import { isDatabaseUnavailable, OutageLog } from "./outage";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused connection", withCode("ECONNREFUSED")],
    ["reset connection", withCode("ECONNRESET")],
    ["pool wait", new Error("timeout exceeded when trying to connect")],
    ["client-side query timeout", new Error("Query read timeout")],
    ["connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["statement_timeout", withCode("57014", "canceling statement due to statement timeout")],
    ["server shutting down", withCode("57P01")],
    ["Prisma: cannot reach", withCode("P1001")],
    ["wrapped by Prisma's adapter", Object.assign(new Error("driver adapter error"), { cause: { kind: "DatabaseNotReachable" } })],
    ["deep in the cause chain", new Error("outer", { cause: new Error("middle", { cause: withCode("ETIMEDOUT") }) })],
  ])("%s → unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a bug in a query", withCode("42601", "syntax error at or near")],
    ["a constraint", withCode("23505", "duplicate key value violates unique constraint")],
    ["not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("%s → not unavailable (answered INTERNAL)", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("survives a cause cycle", () => {
    const a: Error & { cause?: unknown } = new Error("a");
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("OutageLog", () => {
  const recorder = () => {
    const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
    const at = (level: string) => (fields: Record<string, unknown> | string, msg?: string) =>
      lines.push(typeof fields === "string" ? { level, msg: fields, fields: {} } : { level, msg: msg ?? "", fields });
    return { lines, log: { error: at("error"), warn: at("warn"), info: at("info") } as unknown as FastifyBaseLogger };
  };

  it("logs an outage as its start, one summary per interval and its end", () => {
    let now = 0;
    const { lines, log } = recorder();
    const outages = new OutageLog(log, () => now, 10_000);
    outages.succeeded(); // nothing to say while all is well
    for (let i = 0; i < 1100; i++) {
      now = i * 20; // 1,100 refusals over 22 s
      outages.failed(new Error("Connection terminated"));
    }
    expect(outages.down).toBe(true);
    now = 22_000;
    outages.succeeded();
    outages.succeeded();
    expect(lines.map((l) => l.level)).toEqual(["error", "error", "error", "warn"]);
    expect(lines[1]!.fields).toMatchObject({ failures: 500, outageMs: 10_000, error: { type: "Error", codes: [] } });
    expect(lines[3]).toMatchObject({ msg: "database answers again", fields: { outageMs: 22_000 } });
    expect(outages.down).toBe(false);
  });

  it("a call begun before the outage was seen does not end it (its answer came before the cut)", () => {
    let now = 1_000;
    const { lines, log } = recorder();
    const outages = new OutageLog(log, () => now, 10_000);
    const before = outages.startedAt(); // a write on its way when the database goes
    now = 1_005;
    outages.failed(new Error("Connection terminated"));
    now = 1_010;
    outages.succeeded(before); // its answer, read before the cut
    expect(outages.down).toBe(true);
    const after = outages.startedAt();
    now = 5_000;
    outages.succeeded(after);
    expect(lines.map((l) => l.msg)).toEqual([
      "database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)",
      "database answers again",
    ]);
    expect(lines[1]!.fields).toMatchObject({ outageMs: 3_995 });
  });

  it("never logs the error's message, which may quote the rows sent (nicknames, room states)", () => {
    const { lines, log } = recorder();
    const outages = new OutageLog(log, () => 0, 0);
    const quoting = Object.assign(new Error('Connection terminated while sending {"nickname":"Zoé"}'), { code: "ECONNRESET" });
    outages.failed(quoting);
    outages.failed(quoting);
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain("Zoé");
    expect(lines.map((l) => l.fields.error)).toEqual([expect.objectContaining({ type: "Error", codes: ["ECONNRESET"] }), expect.objectContaining({ codes: ["ECONNRESET"] })]);
  });

  it("background failures: an outage is counted, the room service's UNAVAILABLE was counted already, anything else is one warning", () => {
    const { lines, log } = recorder();
    const outages = new OutageLog(log, () => 0);
    expect(outages.failedInBackground(new TableeError("UNAVAILABLE", "nothing was changed"), { roomId: "r" }, "computer move failed")).toBe(true);
    expect(outages.failedInBackground(new TableeError("IN_DOUBT", "send it again"), { roomId: "r" }, "computer move failed")).toBe(true);
    expect(lines).toEqual([]); // the room service logged (or counted) them where they were raised
    expect(outages.failedInBackground(withCode("ECONNREFUSED"), {}, "lease sweep failed")).toBe(true);
    expect(lines.map((l) => l.msg)).toEqual(["database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)"]);
    expect(outages.failedInBackground(withCode("40P01", "deadlock detected on Zoé's room"), { roomId: "r" }, "lease sweep failed")).toBe(false);
    expect(lines.at(-1)).toMatchObject({ level: "warn", msg: "lease sweep failed", fields: { roomId: "r", error: { codes: ["40P01"] } } });
    expect(JSON.stringify(lines)).not.toContain("Zoé");
  });
});
