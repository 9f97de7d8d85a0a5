import { createServer } from "node:net";

/** Linux's ephemeral ports (ip_local_port_range) start here: outgoing connections take ports from 32768 up. */
const EPHEMERAL_FROM = 32_768;

/**
 * A port for a server a test restarts on the same address (its clients reconnect to it): below the
 * ephemeral range, where no outgoing connection of another test (to Postgres, to a server) can be
 * holding it, and free now (checked by listening on it). A random port in 20000–40000 was once taken
 * by such a connection between two runs of a server (EADDRINUSE on CI).
 */
export async function restartablePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * (EPHEMERAL_FROM - 20_000));
    if (await isFree(port)) return port;
  }
  throw new Error("no free port below the ephemeral range");
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
