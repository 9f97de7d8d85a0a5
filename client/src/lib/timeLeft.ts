/** Milliseconds, as the protocol measures durations. */
export type Millis = number;

const MINUTE_MS: Millis = 60_000;
const HOUR_MS: Millis = 60 * MINUTE_MS;
const DAY_MS: Millis = 24 * HOUR_MS;

/** The app's formatter (`$_`), or any that reads the same dictionaries. */
export type Format = (id: string, options?: { values?: Record<string, string | number> }) => string;

/**
 * "2 days 3 h left", "5 h left", "40 min left" / « encore 2 jours 3 h », in the words of the
 * dictionaries (`slow.timeLeft`). Counted in whole minutes, the started minute included (as a
 * countdown clock shows 1:00, then 0:59): a one-day turn reads "1 day left" when it starts, not
 * "23 h" after the snapshot's few milliseconds on the way, and "23 h" once a minute has gone. Then
 * rounded down: days show hours, hours show minutes under 10 h.
 */
export function formatTimeLeft(remainingMs: Millis, format: Format): string {
  const word = (key: string, values?: Record<string, string | number>): string => format(`slow.timeLeft.${key}`, values === undefined ? undefined : { values });
  if (remainingMs <= 0) return word("over");
  if (remainingMs < MINUTE_MS) return word("underMinute");
  const remaining = Math.ceil(remainingMs / MINUTE_MS) * MINUTE_MS;
  const days = Math.floor(remaining / DAY_MS);
  const hours = Math.floor((remaining % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((remaining % HOUR_MS) / MINUTE_MS);
  const time =
    days > 0
      ? hours > 0
        ? word("daysAndHours", { days: word("days", { n: days }), hours })
        : word("days", { n: days })
      : hours >= 10 || (hours > 0 && minutes === 0)
        ? word("hours", { hours })
        : hours > 0
          ? word("hoursAndMinutes", { hours, minutes })
          : word("minutes", { minutes });
  return word("left", { time });
}

/** The time left now of a duration the server measured when it sent it (no clock skew: see RoomSnapshot.timer). */
export function remainingNow(remainingAtSend: Millis, receivedAt: number, now: number): Millis {
  return Math.max(0, remainingAtSend - (now - receivedAt));
}
