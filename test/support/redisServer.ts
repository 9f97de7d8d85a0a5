import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/**
 * A Redis of the test's own, on a loopback port, that the test may stop and start again (the shared
 * Redis on 6379 belongs to every test running on the machine). No persistence: a restart is empty.
 */
export interface OwnRedis {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * A port nobody uses now, from the system (a random pick in the ephemeral range could be a busy
 * client socket's local port: redis-server then exits with "address already in use").
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = "";
  const start = async () => {
    output = "";
    const started = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    for (const stream of [started.stdout, started.stderr]) stream?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
    started.once("error", (error) => (output += `\n${String(error)}`));
    const deadline = Date.now() + 15_000;
    while (!(await listening(port))) {
      if (Date.now() > deadline || started.exitCode !== null) throw new Error(`redis-server did not start on port ${port}:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL"); // a crash, not a polite shutdown: connections drop mid-command
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
