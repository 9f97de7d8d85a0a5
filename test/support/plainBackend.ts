import http from "node:http";
import type { Socket as NetSocket } from "node:net";
import { Server } from "socket.io";
import { expect } from "vitest";

/**
 * A stand-in for a server process behind a balancer (the cluster's proxy, HAProxy): says who it is
 * over HTTP (`/whoami`) and echoes over socket.io; its /healthz fails on demand, /livez does not.
 */
export interface PlainBackend {
  readonly name: string;
  readonly url: string;
  /** Whether its /healthz passes (false: as a server whose database is down; /livez still passes). */
  setReady(ready: boolean): void;
  /** Stops it the hard way, as a crash would: the port is closed and every connection dropped. */
  kill(): Promise<void>;
}

export interface Whoami {
  readonly name: string;
  readonly cookie: string | null; // the Cookie header the backend received
}

export async function startBackend(name: string): Promise<PlainBackend> {
  let ready = true;
  const server = http.createServer((req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(ready ? 200 : 503).end(ready ? "ok" : "database unreachable");
    } else if (req.url === "/livez") {
      res.writeHead(200).end("ok");
    } else if (req.url === "/whoami") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name, cookie: req.headers.cookie ?? null }));
    }
  });
  const sockets = new Set<NetSocket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const ioServer = new Server(server);
  ioServer.on("connection", (socket) => {
    socket.on("echo", (text: string, ack: (reply: { name: string; text: string }) => void) => ack({ name, text }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("backend has no port");
  return {
    name,
    url: `http://127.0.0.1:${address.port}`,
    setReady: (now) => void (ready = now),
    kill: async () => {
      for (const socket of sockets) socket.destroy(); // upgraded WebSockets included
      await new Promise<void>((resolve) => ioServer.close(() => resolve()));
    },
  };
}

/** GET /whoami through `url`, with the Cookie header given. */
export async function get(url: string, cookie?: string): Promise<{ whoami: Whoami; setCookie: string[] }> {
  const response = await fetch(`${url}/whoami`, cookie === undefined ? {} : { headers: { cookie } });
  expect(response.status).toBe(200);
  return { whoami: (await response.json()) as Whoami, setCookie: response.headers.getSetCookie() };
}
