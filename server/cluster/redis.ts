import { createClient, type RedisClientType } from "redis";

/**
 * The Redis connection of a multi-process deployment. The client reconnects by itself after an
 * error (Redis restarting); each distinct error is reported once through `report` (without a
 * listener an error would crash the process).
 */
export async function connectRedis(
  url: string,
  report: (message: string) => void = (message) => console.warn(message),
  startWaitMs = REDIS_START_WAIT_MS,
): Promise<RedisClientType> {
  // While Redis is away, commands fail at once instead of piling up in memory (each room change is a
  // whole room record): nothing is lost that matters, the processes re-read the rooms when it returns.
  const client: RedisClientType = createClient({ url, disableOfflineQueue: true });
  const seen = new Set<string>();
  client.on("error", (error: Error) => {
    if (seen.has(error.message)) return;
    seen.add(error.message);
    report(`redis: ${error.message}`);
  });
  // Redis away at start (a deploy or a crash during an outage): the process serves without it, as it
  // does when Redis goes away later (docs/scaling.md), instead of waiting before it even listens;
  // the client goes on reconnecting, and the "ready" event ends the outage (watchRedis).
  const connecting = client.connect();
  connecting.catch(() => undefined);
  let waited: ReturnType<typeof setTimeout> | undefined;
  const connected = await Promise.race([connecting.then(() => true), new Promise<boolean>((resolve) => (waited = setTimeout(() => resolve(false), startWaitMs)))]);
  clearTimeout(waited);
  if (!connected) report(`redis: not reachable after ${startWaitMs} ms; serving without it until it answers`);
  return client;
}

/** How long a starting process waits for Redis before it serves without it. */
export const REDIS_START_WAIT_MS = 5_000;

/**
 * The client as handed to the socket.io adapter: every command's promise gets a rejection handler, so
 * a command nobody awaits (the adapter publishes server-side emits without looking at the result)
 * failing while Redis is away is not an unhandled rejection — which would end the process. Callers
 * that await a command still see its error.
 */
export function withHandledRejections(client: RedisClientType): RedisClientType {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || property === "constructor") return value;
      // The adapter's own clients (stream reader, subscriber) wait for Redis instead: a read that
      // failed at once would be retried at once, in a tight loop, for the whole outage.
      if (property === "duplicate") return (overrides?: object) => target.duplicate({ disableOfflineQueue: false, ...overrides });
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      };
    },
  });
}

/** Whether Redis is reachable, as this process sees it; for /healthz and the re-sync after an outage. */
export interface RedisStatus {
  readonly up: boolean;
  readonly reason: string | null; // why not, when down
  readonly downSince: number | null; // epoch ms
}

/**
 * Follows the client's connection: down from its first error or reconnection attempt, up again when it
 * is ready. `onBack` runs each time it comes back after being down (messages may have been lost).
 */
export function watchRedis(client: RedisClientType, onBack: () => void): () => RedisStatus {
  let status: RedisStatus = { up: client.isReady, reason: client.isReady ? null : "not connected yet", downSince: client.isReady ? null : Date.now() };
  const down = (reason: string) => {
    status = { up: false, reason, downSince: status.downSince ?? Date.now() };
  };
  client.on("error", (error: Error) => down(`redis: ${error.message || "connection error"}`));
  client.on("reconnecting", () => down(status.reason ?? "redis: reconnecting"));
  client.on("end", () => down("redis: connection closed"));
  client.on("ready", () => {
    const wasDown = !status.up;
    status = { up: true, reason: null, downSince: null };
    if (wasDown) onBack();
  });
  return () => status;
}
