import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { restartablePort } from "./ports";

const DEPLOYED_CONFIG = fileURLToPath(new URL("../../deploy/haproxy.cfg", import.meta.url));
/** Debian puts it in /usr/sbin, which a user's PATH may leave out. */
export const HAPROXY = process.env.HAPROXY_PATH ?? (existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy");

/** Whether HAProxy can be run here (Debian's package; .ci/run installs it). */
export function haproxyAvailable(): boolean {
  return spawnSync(HAPROXY, ["-v"], { stdio: "ignore" }).status === 0;
}

export interface RunningHaproxy {
  readonly url: string;
  /** What HAProxy printed (its log goes to stdout: servers going down and up). */
  output(): string;
  close(): Promise<void>;
}

/**
 * deploy/haproxy.cfg as docker-compose runs it, with only its addresses and its connection cap
 * changed: it listens on 127.0.0.1, its replicas app1 and app2 are the URLs given (no Docker DNS
 * here), and 1,000 connections need fewer file descriptors than a test process may open.
 * Everything the tests are about (checks, stickiness, the fallback backend) is the deployed text.
 */
export function localConfig(port: number, replicas: { readonly app1: string; readonly app2: string }): string {
  const address = (url: string) => new URL(url).host;
  const changes: [string, string][] = [
    ["maxconn 10000", "maxconn 1000"],
    ["bind :3000", `bind 127.0.0.1:${port}`],
    [" resolvers docker init-addr last,libc,none", ""],
    ["server app1 app1:3000", `server app1 ${address(replicas.app1)}`],
    ["server app2 app2:3000", `server app2 ${address(replicas.app2)}`],
  ];
  let config = readFileSync(DEPLOYED_CONFIG, "utf8");
  for (const [from, to] of changes) {
    if (!config.includes(from)) throw new Error(`deploy/haproxy.cfg no longer has "${from}": update test/support/haproxy.ts`);
    config = config.replaceAll(from, to);
  }
  return config;
}

/** Starts HAProxy in the foreground on the deployed configuration; resolves once it listens. */
export async function startHaproxy(replicas: { readonly app1: string; readonly app2: string }): Promise<RunningHaproxy> {
  const port = await restartablePort();
  const dir = mkdtempSync(path.join(tmpdir(), "tablee-haproxy-"));
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, localConfig(port, replicas));
  const child = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const listening = async (): Promise<boolean> =>
    new Promise((resolve) => {
      const probe = net.connect(port, "127.0.0.1");
      probe.once("connect", () => (probe.destroy(), resolve(true)));
      probe.once("error", () => resolve(false));
    });
  for (let tries = 0; !(await listening()); tries++) {
    if (child.exitCode !== null || tries > 100) {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`HAProxy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
