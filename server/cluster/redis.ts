import { createClient, type RedisClientType } from "redis";

/**
 * The Redis connection of a multi-process deployment. The client reconnects by itself after an
 * error (Redis restarting); each distinct error is reported once through `report` (without a
 * listener an error would crash the process).
 */
export async function connectRedis(url: string, report: (message: string) => void = (message) => console.warn(message)): Promise<RedisClientType> {
  const client: RedisClientType = createClient({ url });
  const seen = new Set<string>();
  client.on("error", (error: Error) => {
    if (seen.has(error.message)) return;
    seen.add(error.message);
    report(`redis: ${error.message}`);
  });
  await client.connect();
  return client;
}
