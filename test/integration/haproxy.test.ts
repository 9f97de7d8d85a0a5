import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { haproxyAvailable, startHaproxy, type RunningHaproxy } from "../support/haproxy";
import { get, startBackend, type PlainBackend } from "../support/plainBackend";

/**
 * deploy/haproxy.cfg itself, run by HAProxy in front of two stand-in replicas (only its addresses
 * changed, test/support/haproxy.ts): sticky by cookie, a replica failing /healthz taken out while the
 * other passes, and both kept, each with its clients, while neither passes (a database down for
 * all of them) as long as their process answers /livez. Its checks run every 2 s and take two
 * results to change a replica's state, hence the polls' 15 s. CI installs HAProxy (.ci/run); a
 * machine without it skips this file, unless CI is set.
 */
const runnable = haproxyAvailable();
if (!runnable && process.env.CI) throw new Error("HAProxy is not installed: .ci/run installs Debian's haproxy package");

const SWITCH = { timeout: 15_000, interval: 250 } as const;

describe.skipIf(!runnable)("deploy/haproxy.cfg", () => {
  let app1: PlainBackend;
  let app2: PlainBackend;
  let haproxy: RunningHaproxy;

  beforeEach(async () => {
    app1 = await startBackend("app1");
    app2 = await startBackend("app2");
    haproxy = await startHaproxy({ app1: app1.url, app2: app2.url });
  });

  afterEach(async () => {
    await haproxy?.close();
    await Promise.all([app1, app2].map((b) => b?.kill()));
  });

  /** The status and the replica that answered a GET /whoami with this Cookie header. */
  const answer = async (cookie: string): Promise<string> => {
    const response = await fetch(`${haproxy.url}/whoami`, { headers: { cookie } });
    return `${response.status} ${response.ok ? ((await response.json()) as { name: string }).name : await response.text()}`;
  };

  it("keeps players on the replicas while the database is down for all of them, and takes out one that stops answering", async () => {
    const first = await get(haproxy.url);
    expect(first.setCookie[0]).toMatch(new RegExp(`^SERVERID=${first.whoami.name};`, "u"));
    expect((await get(haproxy.url, "SERVERID=app2")).whoami).toEqual({ name: "app2", cookie: null }); // sticky; the cookie hidden from it

    app2.setReady(false); // its database unreachable: out while app1 passes
    await expect.poll(async () => (await get(haproxy.url, "SERVERID=app2")).whoami.name, SWITCH).toBe("app1");

    app1.setReady(false); // now the database is down for both
    // Neither passes /healthz now: each keeps its clients (HAProxy alone would answer 503).
    await expect.poll(() => answer("SERVERID=app2"), SWITCH).toBe("200 app2");
    for (let i = 0; i < 3; i++) {
      expect((await get(haproxy.url, "SERVERID=app1")).whoami.name).toBe("app1");
      expect((await get(haproxy.url, "SERVERID=app2")).whoami.name).toBe("app2");
    }
    const newcomers = [(await get(haproxy.url)).whoami.name, (await get(haproxy.url)).whoami.name];
    expect(newcomers.sort()).toEqual(["app1", "app2"]);

    await app1.kill(); // a process that does not answer at all is out even then
    await expect.poll(() => answer("SERVERID=app1"), SWITCH).toBe("200 app2");

    app2.setReady(true); // the database is back: app2 passes /healthz again and serves everyone
    await expect.poll(async () => (await get(haproxy.url)).whoami.name, SWITCH).toBe("app2");
    expect((await fetch(`${haproxy.url}/metrics`)).status).toBe(404); // still never served outside
  });
});
