import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { isPublicAddress, publicOnlyLookup, pushEndpointRefusal, type ResolveAll } from "./endpoint";

describe("push endpoints the server will send to", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/xyz",
    "https://web.push.apple.com/QGh",
    "https://wns2-by3p.notify.windows.com/w/?token=x",
    "https://fcm.googleapis.com:443/fcm/send/abc", // the default port, written out
    "https://fcm.googleapis.com./fcm/send/abc", // fully qualified
    "https://8.8.8.8/push",
    "https://[2606:4700::1111]/push",
  ])("takes a public https push service: %s", (endpoint) => {
    expect(pushEndpointRefusal(endpoint, false)).toBeNull();
  });

  it.each([
    ["http://fcm.googleapis.com/fcm/send/abc", "not https"],
    ["not a url", "not a URL"],
    ["https://user:pass@fcm.googleapis.com/x", "carries credentials"],
    // Any port but 443 (issue 32, point 8).
    ["https://fcm.googleapis.com:22/x", "port 22: push services listen on 443"],
    ["https://fcm.googleapis.com:0/x", "port 0: push services listen on 443"],
    ["https://fcm.googleapis.com:8443/x", "port 8443: push services listen on 443"],
    // localhost in every spelling.
    ["https://localhost/x", "localhost"],
    ["https://localhost./x", "localhost"],
    ["https://LOCALHOST/x", "localhost"],
    ["https://ｌｏｃａｌｈｏｓｔ/x", "localhost"], // fullwidth: URL folds it to ASCII
    ["https://a.b.localhost/x", "localhost"],
    ["https://localhost.localdomain/x", "not under a public top-level domain"],
    // Single-label and private names.
    ["https://metadata/computeMetadata/v1/", "a single-label host"],
    ["https://ip6-localhost/x", "a single-label host"],
    ["https://router.lan/x", "not under a public top-level domain"],
    ["https://printer.local/x", "not under a public top-level domain"],
    ["https://db.internal/x", "not under a public top-level domain"],
    ["https://metadata.google.internal/x", "not under a public top-level domain"],
    ["https://nas.home.arpa/x", "not under a public top-level domain"],
    ["https://1.0.0.127.in-addr.arpa/x", "not under a public top-level domain"],
    ["https://example.onion/x", "not under a public top-level domain"],
    ["https://fcm.googleapis.com../x", "not a host name"],
    ["https://-fcm.googleapis.com/x", "not a host name"],
    ["https://fcm_.googleapis.com/x", "not a host name"],
    // Address literals, in the notations URL accepts.
    ["https://127.0.0.1/x", "loopback address"],
    ["https://127.1/x", "loopback address"],
    ["https://2130706433/x", "loopback address"],
    ["https://0x7f000001/x", "loopback address"],
    ["https://127.0.0.1./x", "loopback address"],
    ["https://0.0.0.0/x", "unspecified address"],
    ["https://10.1.2.3/x", "private address"],
    ["https://172.20.0.5/x", "private address"],
    ["https://192.168.1.1/x", "private address"],
    ["https://100.100.100.200/x", "carrierGradeNat address"], // CGNAT, also a cloud metadata address
    ["https://169.254.169.254/latest/meta-data", "linkLocal address"], // cloud metadata
    ["https://192.0.2.1/x", "reserved address"],
    ["https://255.255.255.255/x", "broadcast address"],
    ["https://224.0.0.1/x", "multicast address"],
    ["https://[::1]/x", "loopback address"],
    ["https://[::]/x", "unspecified address"],
    ["https://[fe80::1]/x", "linkLocal address"],
    ["https://[fd00:ec2::254]/x", "uniqueLocal address"], // AWS metadata over IPv6
    ["https://[::ffff:127.0.0.1]/x", "loopback address"],
    ["https://[::ffff:a9fe:a9fe]/x", "linkLocal address"], // 169.254.169.254, mapped
    ["https://[64:ff9b::a00:1]/x", "rfc6052 address"], // NAT64 of 10.0.0.1
  ])("refuses %s: %s", (endpoint, reason) => {
    expect(pushEndpointRefusal(endpoint, false)).toBe(reason);
  });

  it("takes a local http endpoint when told to (tests, a push service of one's own), but still only http(s)", () => {
    expect(pushEndpointRefusal("http://127.0.0.1:4000/push", true)).toBeNull();
    expect(pushEndpointRefusal("ftp://127.0.0.1/push", true)).toBe("not an http(s) URL");
  });
});

describe("public addresses", () => {
  it.each([
    ["8.8.8.8", true],
    ["2a00:1450:4007:80e::200a", true],
    ["10.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["2002:0a00:0001::", false], // 6to4 of 10.0.0.1
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", false], // Teredo
    ["not an address", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

/** A resolver that answers from a table, like a DNS server the test controls. */
function resolverOf(table: Record<string, readonly LookupAddress[]>): ResolveAll {
  return (hostname, callback) => {
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, addresses);
  };
}

/** Calls a lookup like net.connect does, with `all` as Happy Eyeballs asks or without it. */
function lookUp(hostname: string, resolve: ResolveAll, options: { all?: boolean; family?: number } = {}) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((done) =>
    publicOnlyLookup(resolve)(hostname, options, (error, address, family) => done({ error, address, family })),
  );
}

describe("resolving at send time", () => {
  const resolve = resolverOf({
    "push.example.com": [{ address: "93.184.215.14", family: 4 }, { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 }],
    "rebind.example.com": [{ address: "127.0.0.1", family: 4 }],
    "mixed.example.com": [{ address: "93.184.215.14", family: 4 }, { address: "10.0.0.7", family: 4 }],
    "metadata.example.com": [{ address: "169.254.169.254", family: 4 }],
    "v6private.example.com": [{ address: "fd12::1", family: 6 }],
  });

  it("passes a public name's addresses on, one or all as asked, of the family asked", async () => {
    expect(await lookUp("push.example.com", resolve)).toEqual({ error: null, address: "93.184.215.14", family: 4 });
    expect(await lookUp("push.example.com", resolve, { family: 6 })).toMatchObject({ error: null, address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 });
    expect((await lookUp("push.example.com", resolve, { all: true })).address).toHaveLength(2);
  });

  it.each([
    ["rebind.example.com", "resolves to a loopback address"],
    ["mixed.example.com", "resolves to a private address"], // one private answer is enough to refuse
    ["metadata.example.com", "resolves to a linkLocal address"],
    ["v6private.example.com", "resolves to a uniqueLocal address"],
  ])("refuses %s, whose name looks public: it %s", async (hostname, reason) => {
    for (const all of [false, true]) {
      const { error } = await lookUp(hostname, resolve, { all });
      expect(error?.code).toBe("EPUSHNOTPUBLIC");
      expect(error?.message).toContain(reason);
    }
  });

  it("passes resolution failures on as they are", async () => {
    expect((await lookUp("nowhere.example.com", resolve)).error?.code).toBe("ENOTFOUND");
  });
});
