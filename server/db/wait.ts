import pg from "pg";

export interface WaitOptions {
  readonly limitMs: number; // give up after this long (DB_WAIT_SECONDS)
  readonly connectMs: number; // each try's own bound
  readonly report: (message: string) => void; // one line per failed try
}

/**
 * Waits until Postgres answers `SELECT 1`, retrying with backoff (0.25 s doubling up to 5 s) and
 * reporting each failed try, for at most `limitMs`. In a compose deployment the app often starts
 * before the database is ready: it should wait, not exit.
 */
export async function waitForDatabase(url: string, options: WaitOptions): Promise<void> {
  const started = Date.now();
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectMs, query_timeout: options.connectMs });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
      if (attempt > 1) options.report(`database reachable after ${attempt} tries (${Math.round((Date.now() - started) / 100) / 10} s)`);
      return;
    } catch (error) {
      const waited = Date.now() - started;
      const reason = (error as Error).message || String((error as { code?: unknown }).code ?? error);
      if (waited + delay > options.limitMs) {
        throw new Error(`database still unreachable after ${Math.round(waited / 1000)} s (${attempt} tries; DB_WAIT_SECONDS): ${reason}`);
      }
      options.report(`waiting for the database (try ${attempt}: ${reason}); next try in ${delay} ms`);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 5_000);
  }
}
