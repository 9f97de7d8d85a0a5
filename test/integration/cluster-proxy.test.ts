import { io, type Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startStickyProxy, type StickyProxy } from "../../scripts/cluster/proxy";
import { get, startBackend, type PlainBackend } from "../support/plainBackend";

const echo = (socket: Socket, text: string): Promise<{ name: string; text: string }> =>
  new Promise((resolve) => socket.emit("echo", text, resolve));

const connected = (socket: Socket): Promise<void> =>
  new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });

describe("the cluster's sticky proxy", () => {
  let backends: PlainBackend[] = [];
  let proxy: StickyProxy;
  const clients: Socket[] = [];

  beforeEach(async () => {
    backends = [await startBackend("a"), await startBackend("b")];
    proxy = await startStickyProxy(backends, 0, { healthIntervalMs: 100 });
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await proxy.close();
    await Promise.all(backends.map((b) => b.kill()));
  });

  it("sends new clients to each backend in turn, with a cookie naming it", async () => {
    const answers = [await get(proxy.url), await get(proxy.url), await get(proxy.url), await get(proxy.url)];
    expect(answers.map((a) => a.whoami.name)).toEqual(["a", "b", "a", "b"]);
    for (const { whoami, setCookie } of answers) {
      expect(setCookie).toEqual([`SERVERID=${whoami.name}; Path=/; HttpOnly; SameSite=Lax`]);
    }
  });

  it("keeps a client with the cookie on its backend, and hides the cookie from it", async () => {
    for (let i = 0; i < 4; i++) {
      const { whoami, setCookie } = await get(proxy.url, "theme=dark; SERVERID=b");
      expect(whoami).toEqual({ name: "b", cookie: "theme=dark" });
      expect(setCookie).toEqual([]); // only inserted when missing or stale
    }
    const unknown = await get(proxy.url, "SERVERID=nobody");
    expect(unknown.whoami.cookie).toBeNull();
    expect(unknown.setCookie).toEqual([`SERVERID=${unknown.whoami.name}; Path=/; HttpOnly; SameSite=Lax`]);
  });

  it("carries a socket.io session from long-polling to a WebSocket", async () => {
    // withCredentials gives the Node client a cookie jar, as a browser has: without stickiness its
    // polls would reach the other backend, which does not know the session.
    const client = io(proxy.url, { transports: ["polling", "websocket"], withCredentials: true, reconnection: false, forceNew: true });
    clients.push(client);
    const upgraded = new Promise<void>((resolve) => client.io.engine.once("upgrade", () => resolve()));
    await connected(client);
    await upgraded;
    expect(client.io.engine.transport.name).toBe("websocket");
    const reply = await echo(client, "hello");
    expect(reply.text).toBe("hello");
    expect(["a", "b"]).toContain(reply.name);
  });

  it("moves the clients of a backend that stops to a live one and resets their cookie", async () => {
    const client = io(proxy.url, { transports: ["polling", "websocket"], withCredentials: true, reconnectionDelay: 50, reconnectionDelayMax: 100, forceNew: true });
    clients.push(client);
    await connected(client);
    const first = (await echo(client, "before")).name;
    const other = first === "a" ? "b" : "a";

    const reconnected = new Promise<void>((resolve) => client.io.once("reconnect", () => resolve()));
    await backends.find((b) => b.name === first)?.kill();
    const moved = await get(proxy.url, `SERVERID=${first}`);
    expect(moved.whoami.name).toBe(other);
    expect(moved.setCookie).toEqual([`SERVERID=${other}; Path=/; HttpOnly; SameSite=Lax`]);
    expect(proxy.live()).toEqual([other]);

    await reconnected;
    expect(await echo(client, "after")).toEqual({ name: other, text: "after" });
    // New clients all go to the live backend now.
    expect([(await get(proxy.url)).whoami.name, (await get(proxy.url)).whoami.name]).toEqual([other, other]);
  });

  it("when every backend fails /healthz (a database down for all), keeps sending clients to those whose process answers", async () => {
    const [a, b] = backends as [PlainBackend, PlainBackend];
    a.setReady(false);
    await expect.poll(() => proxy.live()).toEqual(["b"]);
    expect((await get(proxy.url, "SERVERID=a")).whoami.name).toBe("b"); // one is up: the other is out

    b.setReady(false);
    await expect.poll(() => proxy.live()).toEqual([]);
    // Not the proxy's 503: each keeps its clients, and new ones go to each in turn.
    expect((await get(proxy.url, "SERVERID=a")).whoami.name).toBe("a");
    expect((await get(proxy.url, "SERVERID=b")).whoami.name).toBe("b");
    expect([(await get(proxy.url)).whoami.name, (await get(proxy.url)).whoami.name].sort()).toEqual(["a", "b"]);
    const client = io(proxy.url, { transports: ["polling", "websocket"], withCredentials: true, reconnection: false, forceNew: true });
    clients.push(client);
    await connected(client);
    expect((await echo(client, "still here")).text).toBe("still here");

    await a.kill(); // a process that stops answering is out even then
    await expect.poll(async () => (await get(proxy.url, "SERVERID=a")).whoami.name).toBe("b");
    b.setReady(true);
    await expect.poll(() => proxy.live()).toEqual(["b"]);
  });
});
