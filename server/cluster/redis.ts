import { createClient, type RedisClientType } from "redis";

/**
 * The Redis connection of a multi-process deployment. Errors after start-up (Redis restarting) are
 * retried by the client; without a listener they would crash the process.
 */
export async function connectRedis(url: string): Promise<RedisClientType> {
  const client: RedisClientType = createClient({ url });
  client.on("error", () => undefined);
  await client.connect();
  return client;
}
