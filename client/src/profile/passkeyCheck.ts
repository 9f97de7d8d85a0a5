/**
 * When this session's passkey check stops counting, by this page's clock: the server says how long it
 * has left (`checkLeftMs`, with the profile, a sign-in and a check), so its own clock does not matter.
 * Once it is over, a change that needs a recent check asks for the passkey first, one request before
 * the prompt, instead of after the change's refusal, two: a browser may want the prompt close to the
 * tap (older Safari releases did). Null: not known, the change is tried first (the server decides).
 */
let lapsesAt: number | null = null;

/** Asked this long before the server's own limit: a change sent just before it could arrive just after. */
const MARGIN_MS = 30_000;

export function noteCheckLeft(checkLeftMs: number | undefined): void {
  lapsesAt = checkLeftMs === undefined ? null : Date.now() + checkLeftMs;
}

export function checkLapsed(): boolean {
  return lapsesAt !== null && Date.now() >= lapsesAt - MARGIN_MS;
}
