/** Milliseconds, as the protocol measures durations. */
export type Millis = number;

const MINUTE_MS: Millis = 60_000;
const HOUR_MS: Millis = 60 * MINUTE_MS;
const DAY_MS: Millis = 24 * HOUR_MS;

/** The words of a time left, per UI language (a slow room's turn: days and hours matter, not seconds). */
const WORDS = {
  en: {
    days: (n: number) => (n === 1 ? "1 day" : `${n} days`),
    left: (text: string) => `${text} left`,
    underMinute: "less than a minute left",
    over: "time is up",
  },
  fr: {
    days: (n: number) => (n === 1 ? "1 jour" : `${n} jours`),
    left: (text: string) => `encore ${text}`,
    underMinute: "moins d’une minute",
    over: "temps écoulé",
  },
} as const;

/**
 * "2 days 3 h left", "5 h left", "40 min left" / « encore 2 jours 3 h ». Counted in whole minutes,
 * the started minute included (as a countdown clock shows 1:00, then 0:59): a one-day turn reads
 * "1 day left" when it starts, not "23 h" after the snapshot's few milliseconds on the way, and
 * "23 h" once a minute has gone. Then rounded down: days show hours, hours show minutes under 10 h.
 */
export function formatTimeLeft(remainingMs: Millis, language: string): string {
  const words = language === "fr" ? WORDS.fr : WORDS.en;
  if (remainingMs <= 0) return words.over;
  if (remainingMs < MINUTE_MS) return words.underMinute;
  const remaining = Math.ceil(remainingMs / MINUTE_MS) * MINUTE_MS;
  const days = Math.floor(remaining / DAY_MS);
  const hours = Math.floor((remaining % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((remaining % HOUR_MS) / MINUTE_MS);
  if (days > 0) return words.left(hours > 0 ? `${words.days(days)} ${hours} h` : words.days(days));
  if (hours >= 10 || (hours > 0 && minutes === 0)) return words.left(`${hours} h`);
  if (hours > 0) return words.left(`${hours} h ${minutes} min`);
  return words.left(`${minutes} min`);
}

/** The time left now of a duration the server measured when it sent it (no clock skew: see RoomSnapshot.timer). */
export function remainingNow(remainingAtSend: Millis, receivedAt: number, now: number): Millis {
  return Math.max(0, remainingAtSend - (now - receivedAt));
}
