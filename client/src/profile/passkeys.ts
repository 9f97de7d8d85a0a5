import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type { HeldRoom, ProfileMe } from "../../../shared/protocol";
import { postJson, type AnswerSchema, type Result } from "../lib/api";
import * as z from "zod/mini";
import { checkLapsed, noteCheckLeft } from "./passkeyCheck";
import { deleteProfile, newSignInLink, optionsSchema, profileAnswerSchema, removePasskey, signedInSchema, type SignedIn } from "./profileApi";

/**
 * The passkey ceremonies, browser side (@simplewebauthn/browser): the server's options, the
 * device's prompt (screen lock), the answer back. Only the profile page loads this.
 */

/** The browser's passkey prompt was closed or refused: not an error to show, the person changed their mind. */
const cancelled = (error: unknown): boolean => (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED") || (error instanceof Error && error.name === "NotAllowedError");

/** A failed passkey prompt as a Result (PASSKEY_REFUSED, or CANCELLED when the person closed it). */
function promptFailed<T>(error: unknown): Result<T> {
  return { ok: false, error: cancelled(error) ? { code: "CANCELLED", message: String(error) } : { code: "PASSKEY_REFUSED", message: String(error) } };
}

/**
 * One ceremony: the server's options (`optionsPath`), the device's prompt (`prompt`), then its
 * answer with `extra` to `answerPath`, checked by `schema`.
 */
async function ceremony<T>(
  optionsPath: string,
  optionsBody: object,
  prompt: (optionsJSON: never) => Promise<unknown>,
  answerPath: string,
  schema: AnswerSchema<T>,
  extra: object = {},
): Promise<Result<T>> {
  const options = await postJson(optionsPath, optionsSchema, optionsBody);
  if (!options.ok) return options;
  let credential: unknown;
  try {
    credential = await prompt(options.value.options as never);
  } catch (error) {
    return promptFailed(error);
  }
  return postJson(answerPath, schema, { challengeId: options.value.challengeId, credential, ...extra });
}

const register = (optionsJSON: never) => startRegistration({ optionsJSON });
const authenticate = (optionsJSON: never) => startAuthentication({ optionsJSON });

/** Makes a profile with a new passkey; this device's seats (`rooms`) join it. */
export const createProfile = (displayName: string, rooms: HeldRoom[]): Promise<Result<SignedIn>> =>
  ceremony("/api/profile/create/options", { displayName }, register, "/api/profile/create", signedInSchema, { rooms });

/** Signs in with any passkey of this site the device offers. */
export const signInWithPasskey = (): Promise<Result<SignedIn>> => ceremony("/api/profile/signin/options", {}, authenticate, "/api/profile/signin", signedInSchema);

/** The session's passkey proved again: for the next 10 minutes it may make the changes below. */
async function checkPasskey(): Promise<Result<unknown>> {
  const checked = await ceremony("/api/profile/check/options", {}, authenticate, "/api/profile/check", z.object({ checked: z.literal(true), checkLeftMs: z.optional(z.number()) }));
  if (checked.ok) noteCheckLeft(checked.value.checkLeftMs);
  return checked;
}

/** The passkey was confirmed for a change that prompts for one itself: the person taps again. */
const TAP_AGAIN = { ok: false, error: { code: "CHECKED", message: "passkey checked: tap again" } } as const;

/**
 * A change that could take the profile over (passkeys, a sign-in link for another device, deleting
 * it) needs a passkey check under 10 minutes old. Once the last one is known to be over
 * (`checkLapsed`), the device's passkey prompt comes first, then the change; otherwise the change is
 * tried, and on the server's PASSKEY_CHECK_NEEDED the prompt, then the change again. A change that
 * prompts for a passkey itself is not tried at once after a check (`prompts`): a browser may refuse
 * a second prompt for one tap; the person is told to tap again (CHECKED), and the check holds for
 * 10 minutes.
 */
async function afterPasskeyCheck<T>(change: () => Promise<Result<T>>, prompts = false): Promise<Result<T>> {
  const checkFirst = checkLapsed() && browserSupportsWebAuthn();
  if (checkFirst) {
    const checked = await checkPasskey();
    if (!checked.ok) return checked;
    if (prompts) return TAP_AGAIN;
  }
  const first = await change();
  if (first.ok || first.error.code !== "PASSKEY_CHECK_NEEDED") return first;
  noteCheckLeft(0);
  // Refused right after the check made for it (another tab's sign-in rotated the session, say): no
  // second prompt for one tap; the next tap asks for the passkey first again.
  if (checkFirst) return TAP_AGAIN;
  if (!browserSupportsWebAuthn()) return first; // a browser without passkeys (signed in by a link): from a device that has one
  const checked = await checkPasskey();
  if (!checked.ok) return checked;
  return prompts ? TAP_AGAIN : change();
}

/** Another passkey (this device's) for the signed-in profile. */
export const addPasskey = (): Promise<Result<{ profile: ProfileMe }>> =>
  afterPasskeyCheck(() => ceremony("/api/profile/passkeys/options", {}, register, "/api/profile/passkeys/add", profileAnswerSchema), true);

/** Removes a passkey of the signed-in profile (its other devices are signed out). */
export const removeCheckedPasskey = (passkeyId: string) => afterPasskeyCheck(() => removePasskey(passkeyId));

/** A one-time link signing another device in. */
export const checkedSignInLink = () => afterPasskeyCheck(newSignInLink);

/** Deletes the signed-in profile. */
export const deleteCheckedProfile = () => afterPasskeyCheck(deleteProfile);
