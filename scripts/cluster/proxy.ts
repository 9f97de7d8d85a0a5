/**
 * A small sticky load balancer for local trials of several server processes (`npm run cluster`)
 * and for benchmarks: it does what deploy/haproxy.cfg does in production.
 *  - HTTP requests and WebSocket upgrades are forwarded (`http-proxy`), with X-Forwarded-* headers.
 *  - Stickiness by cookie, like HAProxy's `cookie SERVERID insert indirect nocache`: a client without
 *    a valid cookie gets the next live backend in turn and a cookie naming it; later requests with
 *    the cookie go to that backend. socket.io's HTTP long-polling needs this: every poll of one
 *    session must reach the process that holds it.
 *  - Failover: a backend that refuses connections or fails its health check (GET /healthz) is out
 *    until a later check passes; its clients are sent to another live backend and their cookie reset.
 *  - When every backend fails /healthz (a database down for all of them), the ones whose process
 *    still answers (GET /livez) take clients rather than none: like HAProxy's fallback backend.
 */
import http from "node:http";
import type { Socket } from "node:net";
import { Readable, type Duplex } from "node:stream";
import httpProxy from "http-proxy";
import { formatStickyCookie, privateCacheControl, readCookie, STICKY_COOKIE, withoutCookie } from "./cookie";

type Millis = number;

/** One server process behind the proxy. */
export interface Backend {
  readonly name: string; // goes into the cookie: letters, digits, `-` and `_`
  readonly url: string; // e.g. http://127.0.0.1:3001
}

export interface StickyProxyOptions {
  readonly host?: string; // where the proxy listens; 127.0.0.1 unless told
  readonly healthPath?: string; // "/healthz" unless told
  readonly livePath?: string; // "/livez" unless told: asked when the health check fails
  readonly healthIntervalMs?: Millis; // 2,000 unless told; also the health check's timeout
  readonly log?: (line: string) => void; // backends going down or up; silent unless given
}

export interface StickyProxy {
  readonly port: number;
  readonly url: string;
  /** Names of the backends currently taking clients. */
  live(): string[];
  /** Stops listening, drops open connections (WebSocket tunnels included) and stops the health checks. */
  close(): Promise<void>;
}

interface BackendState {
  readonly name: string;
  readonly url: string;
  up: boolean; // false from a refused connection or failed health check until a check passes
  alive: boolean; // its process answers (/livez), whatever its database: taken when no backend is up
}

interface Choice {
  readonly backend: BackendState;
  readonly insertCookie: boolean; // the client had no cookie, or one naming a backend that is down
}

// Errors that say the backend cannot be reached at all (as opposed to a reused keep-alive
// connection the backend had just closed, ECONNRESET, which is worth one more try as it is).
const UNREACHABLE = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN"]);

const errorCode = (error: Error): string => (error as NodeJS.ErrnoException).code ?? "";

/** Requests that can be sent again to another backend: their (absent) body was not consumed. */
const isBodiless = (req: http.IncomingMessage): boolean =>
  ["GET", "HEAD", "OPTIONS"].includes(req.method ?? "") && req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;

/**
 * Starts the proxy on `port` (0 for any free port) in front of `backends`, all assumed live at
 * first; resolves once it listens.
 */
export async function startStickyProxy(backends: readonly Backend[], port: number, options: StickyProxyOptions = {}): Promise<StickyProxy> {
  if (backends.length === 0) throw new Error("the proxy needs at least one backend");
  for (const backend of backends) {
    if (!/^[\w-]+$/u.test(backend.name)) throw new Error(`backend name "${backend.name}" cannot go into a cookie`);
  }
  if (new Set(backends.map((b) => b.name)).size !== backends.length) throw new Error("backend names must differ");
  const host = options.host ?? "127.0.0.1";
  const healthPath = options.healthPath ?? "/healthz";
  const livePath = options.livePath ?? "/livez";
  const healthIntervalMs = options.healthIntervalMs ?? 2_000;
  const log = options.log ?? (() => {});

  const states: BackendState[] = backends.map((b) => ({ name: b.name, url: b.url, up: true, alive: true }));
  const byName = new Map(states.map((s) => [s.name, s]));
  let nextIndex = 0; // round-robin position for clients without a valid cookie
  const cookieToInsert = new WeakMap<http.IncomingMessage, string>();
  const agent = new http.Agent({ keepAlive: true }); // our own, so close() can drop its connections
  const proxy = httpProxy.createProxyServer({ agent, xfwd: true });

  const setUp = (state: BackendState, up: boolean, alive: boolean, reason: string): void => {
    if (state.up !== up) log(up ? `${state.name} is back up` : `${state.name} is down (${reason}); its clients go to the others${alive ? ", or to it if none is up" : ""}`);
    state.up = up;
    state.alive = alive;
  };

  /** The cookie's backend while it is live, else the next live one in turn (when none is up: alive). */
  const choose = (cookieHeader: string | undefined): Choice | undefined => {
    const anyUp = states.some((s) => s.up);
    const usable = (s: BackendState | undefined): s is BackendState => (anyUp ? s?.up : s?.alive) === true;
    const named = byName.get(readCookie(cookieHeader, STICKY_COOKIE) ?? "");
    if (usable(named)) return { backend: named, insertCookie: false };
    for (let i = 0; i < states.length; i++) {
      const index = (nextIndex + i) % states.length;
      const candidate = states[index];
      if (usable(candidate)) {
        nextIndex = (index + 1) % states.length;
        return { backend: candidate, insertCookie: true };
      }
    }
    return undefined;
  };

  /** Reads the sticky cookie and hides it from the backend (`indirect`). */
  const takeCookie = (req: http.IncomingMessage): string | undefined => {
    const header = req.headers.cookie;
    const rest = withoutCookie(header, STICKY_COOKIE);
    if (rest === undefined) delete req.headers.cookie;
    else req.headers.cookie = rest;
    return header;
  };

  const addCookie = (req: http.IncomingMessage, headers: http.IncomingHttpHeaders): void => {
    const name = cookieToInsert.get(req);
    if (name === undefined) return;
    headers["set-cookie"] = [...(headers["set-cookie"] ?? []), formatStickyCookie(name)];
    headers["cache-control"] = privateCacheControl(headers["cache-control"]);
  };
  proxy.on("proxyRes", (proxyRes, req) => addCookie(req, proxyRes.headers));
  // The 101 answer is written from the upgrade event; our listener runs before http-proxy's.
  proxy.on("proxyReqWs", (proxyReq, req) => proxyReq.once("upgrade", (proxyRes: http.IncomingMessage) => addCookie(req, proxyRes.headers)));
  proxy.on("error", () => {}); // every call below passes its own error callback; this is a safety net

  const forwardRequest = (req: http.IncomingMessage, res: http.ServerResponse, cookieHeader: string | undefined, attempt: number): void => {
    const choice = choose(cookieHeader);
    if (choice === undefined) {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8" }).end("no backend is available\n");
      return;
    }
    if (choice.insertCookie) cookieToInsert.set(req, choice.backend.name);
    else cookieToInsert.delete(req);
    // A retried request's own stream has ended already: give the new attempt an empty body.
    const buffer = attempt > 0 ? Readable.from([]) : undefined;
    proxy.web(req, res, { target: choice.backend.url, ...(buffer ? { buffer } : {}) }, (error) => {
      if (UNREACHABLE.has(errorCode(error))) setUp(choice.backend, false, false, errorCode(error));
      if (res.headersSent) {
        res.destroy();
      } else if (isBodiless(req) && attempt < states.length) {
        forwardRequest(req, res, cookieHeader, attempt + 1);
      } else {
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end("the backend did not answer\n");
      }
    });
  };

  const forwardUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", () => socket.destroy());
    const choice = choose(takeCookie(req));
    if (choice === undefined) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    if (choice.insertCookie) cookieToInsert.set(req, choice.backend.name);
    // No retry: http-proxy ends the client's socket on error; socket.io clients reconnect by themselves.
    proxy.ws(req, socket, head, { target: choice.backend.url }, (error) => {
      if (UNREACHABLE.has(errorCode(error))) setUp(choice.backend, false, false, errorCode(error));
    });
  };

  const open = new Set<Socket>();
  const server = http.createServer((req, res) => forwardRequest(req, res, takeCookie(req), 0));
  server.on("upgrade", forwardUpgrade);
  server.on("connection", (socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });

  /** Whether `path` answers 2xx within the interval. */
  const passes = async (state: BackendState, path: string): Promise<{ ok: boolean; why: string }> => {
    try {
      const response = await fetch(new URL(path, state.url), { signal: AbortSignal.timeout(healthIntervalMs) });
      await response.body?.cancel();
      return { ok: response.ok, why: `health check answered ${response.status}` };
    } catch (error) {
      return { ok: false, why: `health check failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
  const check = async (state: BackendState): Promise<void> => {
    const health = await passes(state, healthPath);
    setUp(state, health.ok, health.ok || (await passes(state, livePath)).ok, health.why);
  };
  const timer = setInterval(() => states.forEach((s) => void check(s)), healthIntervalMs);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no port");
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return {
    port: address.port,
    url: `http://${shownHost}:${address.port}`,
    live: () => states.filter((s) => s.up).map((s) => s.name),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
        agent.destroy();
        proxy.close();
      }),
  };
}
