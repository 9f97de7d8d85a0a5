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
 * "2 days 3 h left", "5 h left", "40 min left" / « encore 2 jours 3 h ». Rounded down: a player
 * is never told they have more time than they do. Days show hours, hours show minutes under 10 h.
 */
export function formatTimeLeft(remaining: Millis, language: string): string {
  const words = language === "fr" ? WORDS.fr : WORDS.en;
  if (remaining <= 0) return words.over;
  if (remaining < MINUTE_MS) return words.underMinute;
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
