/** "3 minutes ago" / « il y a 3 minutes » from an ISO time, in the UI language (Intl does the wording). */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/**
 * Elapsed time, counted: "1 day ago", never the calendar's "yesterday" (25 hours before Wednesday
 * 00:30 is Monday night, not yesterday). A time ahead of this device's clock (a server's clock a few
 * seconds ahead) is "now", never "in 20 seconds".
 */
export function relativeTime(iso: string, now: Date, language: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.min(0, Math.round((then - now.getTime()) / 1000));
  if (seconds === 0) return new Intl.RelativeTimeFormat(language, { numeric: "auto" }).format(0, "second");
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") return format.format(Math.trunc(seconds / size), unit);
  }
  return "";
}
