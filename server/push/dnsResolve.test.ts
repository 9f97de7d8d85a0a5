import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { resolveWithDns, type AddressQueries } from "./dnsResolve";

type Answer = { error: string } | { addresses: string[] };

/** DNS answers the test chooses, per family, given after a tick as a server's would be. */
function queriesOf(answers: { 4: Answer; 6: Answer }): AddressQueries {
  const ask = (family: 4 | 6) => (_hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: string[]) => void) => {
    const answer = answers[family];
    setImmediate(() => ("error" in answer ? callback(Object.assign(new Error(answer.error), { code: answer.error }), []) : callback(null, answer.addresses)));
  };
  return { resolve4: ask(4), resolve6: ask(6) } as unknown as AddressQueries;
}

const resolve = (answers: { 4: Answer; 6: Answer }) =>
  new Promise<{ error: NodeJS.ErrnoException | null; addresses: readonly LookupAddress[] }>((done) =>
    resolveWithDns(queriesOf(answers))("push.example.com", (error, addresses) => done({ error, addresses })),
  );

describe("resolving a push service's name with DNS queries (no thread pool)", () => {
  it("gives both families' addresses, IPv4 first", async () => {
    expect(await resolve({ 4: { addresses: ["93.184.215.14"] }, 6: { addresses: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"] } })).toEqual({
      error: null,
      addresses: [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
      ],
    });
  });

  it("takes one family's addresses when the other has none", async () => {
    expect((await resolve({ 4: { error: "ENODATA" }, 6: { addresses: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"] } })).addresses).toHaveLength(1);
    expect((await resolve({ 4: { addresses: ["93.184.215.14"] }, 6: { error: "ETIMEOUT" } })).addresses).toHaveLength(1);
  });

  it("fails with the servers' own error when no address came, or ENOTFOUND when there is none", async () => {
    expect((await resolve({ 4: { error: "ETIMEOUT" }, 6: { error: "ENODATA" } })).error?.code).toBe("ETIMEOUT");
    const none = await resolve({ 4: { error: "ENOTFOUND" }, 6: { error: "ENODATA" } });
    expect(none.error?.code).toBe("ENOTFOUND");
    expect(none.addresses).toEqual([]);
  });
});
