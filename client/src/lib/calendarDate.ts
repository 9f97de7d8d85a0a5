/**
 * A day as people write it, in the UI language: "1 Dec 2026", « 1er déc. 2026 ». Intl writes the
 * first of the month as « 1 déc. » in French, where French writes the ordinal « 1er ».
 */
export function calendarDate(iso: string, language: string): string {
  const text = new Date(iso).toLocaleDateString(language, { day: "numeric", month: "short", year: "numeric" });
  return language.startsWith("fr") ? text.replace(/^1(?=\s)/u, "1er") : text;
}
