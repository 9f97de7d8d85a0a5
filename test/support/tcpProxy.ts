import net from "node:net";

/**
 * A loopback TCP proxy in front of the database, so a test can cut the database off (and bring it
 * back) for the app without touching the database server other tests use.
 */
export interface TcpProxy {
  readonly port: number;
  /** How many connections were refused while cut (a client's attempts). */
  readonly refused: number;
  /** Drops every open connection and refuses new ones. */
  cut(): void;
  /**
   * A hung database (a frozen process, a black-holed network): connections stay open but nothing is
   * forwarded either way, and new connections are accepted and left hanging.
   */
  freeze(): void;
  /**
   * Lost replies: what clients send still reaches the database (which runs it and commits), but
   * nothing it answers comes back, on open connections and new ones alike, until restore().
   */
  holdReplies(): void;
  /** Ends a cut, a freeze or a hold: bytes held meanwhile are delivered then. */
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  let mode: "up" | "cut" | "frozen" | "holding" = "up";
  let refused = 0;
  const forward = (pair: { client: net.Socket; upstream: net.Socket | null }) => {
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    open.add(upstream);
    upstream.on("error", () => drop(pair)).on("close", () => drop(pair));
    pair.client.pipe(upstream);
    if (mode === "holding") upstream.pause();
    else upstream.pipe(pair.client);
  };
  const drop = (pair: { client: net.Socket; upstream: net.Socket | null }) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    open.delete(pair.client);
    if (pair.upstream) open.delete(pair.upstream);
    pairs.delete(pair);
  };
  const server = net.createServer((client) => {
    if (mode === "cut") {
      refused++;
      client.destroy();
      return;
    }
    const pair = { client, upstream: null as net.Socket | null };
    pairs.add(pair);
    open.add(client);
    client.on("error", () => drop(pair)).on("close", () => drop(pair));
    if (mode === "frozen") client.pause(); // accepted, never answered, until restore()
    else forward(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("proxy has no port");
  return {
    port: address.port,
    get refused() {
      return refused;
    },
    cut() {
      mode = "cut";
      for (const socket of open) socket.destroy();
      open.clear();
      pairs.clear();
    },
    freeze() {
      mode = "frozen";
      for (const pair of pairs) {
        pair.client.unpipe();
        pair.upstream?.unpipe();
        pair.client.pause();
        pair.upstream?.pause();
      }
    },
    holdReplies() {
      mode = "holding";
      for (const pair of pairs) {
        pair.upstream?.unpipe(pair.client);
        pair.upstream?.pause();
      }
    },
    restore() {
      const was = mode;
      mode = "up";
      if (was === "holding") {
        for (const pair of pairs) {
          pair.upstream?.pipe(pair.client);
          pair.upstream?.resume();
        }
        return;
      }
      if (was !== "frozen") return;
      for (const pair of pairs) {
        if (pair.upstream) {
          pair.client.pipe(pair.upstream).pipe(pair.client);
          pair.client.resume();
          pair.upstream.resume();
        } else {
          forward(pair);
          pair.client.resume();
        }
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A proxy in front of the database at `databaseUrl`, and that URL pointed at the proxy (what a
 * server under test connects to, so the test can cut or freeze its database).
 */
export async function proxiedDatabaseUrl(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  target.port = String(proxy.port);
  return { proxy, url: target.toString() };
}
