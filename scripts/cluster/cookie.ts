/**
 * The sticky-session cookie, handled like HAProxy's `cookie SERVERID insert indirect nocache`:
 * inserted by the proxy only when the client has no valid one, removed from the requests the
 * backends see (`indirect`), and sent with `Cache-Control: private` so no shared cache keeps it
 * (`nocache`).
 */

export const STICKY_COOKIE = "SERVERID";

/** The value of cookie `name` in a request's Cookie header, if present. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Cookie header without cookie `name`; undefined when nothing is left. */
export function withoutCookie(header: string | undefined, name: string): string | undefined {
  const kept = (header ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "" && pair.split("=")[0]?.trim() !== name);
  return kept.length > 0 ? kept.join("; ") : undefined;
}

/** The Set-Cookie value naming a backend: a session cookie for the whole site, hidden from scripts. */
export function formatStickyCookie(backend: string): string {
  return `${STICKY_COOKIE}=${backend}; Path=/; HttpOnly; SameSite=Lax`;
}

/** A Cache-Control value that keeps a response carrying our cookie out of shared caches. */
export function privateCacheControl(value: string | undefined): string {
  if (value === undefined || value.trim() === "") return "private";
  const directives = value.split(",").map((d) => d.trim()).filter((d) => d !== "" && d.toLowerCase() !== "public");
  if (directives.some((d) => /^(private|no-store)$/iu.test(d))) return directives.join(", ");
  return ["private", ...directives].join(", ");
}
