import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../../server/nodeFlags";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildServer {
  readonly url: string;
  readonly process: ChildProcess;
  readonly output: () => string;
  /** Kills the process with `signal` and waits until it has exited. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `server/main.ts` as a separate process (as `npm start` does, with the server's Node flags,
 * without the build step) and waits for its ready line, so tests can kill it for real. `nodeArgs` go to node itself (e.g. the
 * benchmark's --cpu-prof, which NODE_OPTIONS refuses).
 */
export async function spawnServer(
  env: Readonly<Record<string, string>>,
  port = 0,
  nodeArgs: readonly string[] = [],
  /** Another server that prints the same ready line (the benchmark's floor server). */
  script = "server/main.ts",
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, "--import", "tsx", script], {
    cwd: projectRoot,
    env: { ...process.env, BOT_DELAY_MS: "0", ROOMS_PER_MINUTE: "10000", RATE_LIMIT_PER_MINUTE: "100000", SOCKET_EVENTS_PER_SECOND: "10000", SOCKETS_PER_ADDRESS: "100000", SOCKET_CONNECTIONS_PER_MINUTE: "100000", ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.CHILD_OUTPUT) process.stderr.write(chunk); // CHILD_OUTPUT=1: see the servers' logs while debugging a test
      const match = /ready at (http:\/\/[^/\s]+)\//u.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
