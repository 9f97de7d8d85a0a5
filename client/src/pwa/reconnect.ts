/** Milliseconds between two tries to reach the server from the offline shell. */
export type Millis = number;

const FIRST_WAIT: Millis = 1_000;
const LONGEST_WAIT: Millis = 15_000;
/** How long one try waits for the server's answer. */
const TRY_WAIT: Millis = 10_000;

/**
 * How long the offline shell waits before its try number `attempt` (0 first): 1 s, then twice as
 * long each time, at most 15 s, so the page comes back within seconds of a restart without asking
 * every second through a long outage. Back online or back on screen, it tries at once anyway.
 */
export function retryDelay(attempt: number): Millis {
  return Math.min(LONGEST_WAIT, FIRST_WAIT * 2 ** Math.max(0, attempt));
}

/** A gateway's answers while the app server behind it is down: the server is still out of reach. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/**
 * Whether the server answers this page's address again (any answer but a gateway's "down"): then a
 * reload shows the page itself. The request goes past the service worker's shell (it is not a
 * navigation) and past the HTTP cache.
 */
export async function serverAnswers(url: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    // A try that hangs (a link that accepts and never answers) is given up, so the next one comes.
    const response = await fetcher(url, { cache: "no-store", headers: { accept: "text/html" }, signal: AbortSignal.timeout(TRY_WAIT) });
    return !GATEWAY_DOWN.has(response.status);
  } catch {
    return false;
  }
}
