/**
 * The server processes of `npm run cluster`: each runs `node --import tsx server/main.ts` with the
 * server's Node flags (server/nodeFlags.ts) and its own PORT, prints its output prefixed by its name,
 * and is ready once it prints its ready line.
 */
import { spawn } from "node:child_process";
import readline from "node:readline";
import { SERVER_NODE_FLAGS } from "../../server/nodeFlags";

type Millis = number;

export interface AppProcess {
  readonly name: string; // app1, app2…: also the sticky cookie's value for it
  readonly url: string; // http://127.0.0.1:<port>
  readonly pid: number | undefined; // undefined when it could not be spawned at all
  /** Resolves on the ready line; rejects if the process exits first. */
  readonly ready: Promise<void>;
  /** Resolves with a description of how the process ended ("code 1", "signal SIGKILL"). */
  readonly exited: Promise<string>;
  /** SIGTERM (the server closes its sockets and database), then SIGKILL after `graceMs`. */
  stop(graceMs: Millis): Promise<void>;
}

export function startApp(name: string, port: number, env: NodeJS.ProcessEnv, projectRoot: string): AppProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => resolve(signal === null ? `code ${code ?? "?"}` : `signal ${signal}`));
  });
  const ready = new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => {
        console.log(`[${name}] ${line}`);
        if (line.includes("Tablée is ready at http://")) resolve();
      });
    }
    void exited.then((how) => reject(new Error(`${name} exited with ${how} before it was ready`)));
  });
  ready.catch(() => {}); // the caller decides; an early exit must not be an unhandled rejection
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    ready,
    exited,
    async stop(graceMs) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
