import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type { HeldRoom, ProfileMe } from "../../../shared/protocol";
import { postJson, type AnswerSchema, type Result } from "../lib/api";
import { optionsSchema, profileAnswerSchema, signedInSchema, type SignedIn } from "./profileApi";

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

/** Another passkey (this device's) for the signed-in profile. */
export const addPasskey = (): Promise<Result<{ profile: ProfileMe }>> => ceremony("/api/profile/passkeys/options", {}, register, "/api/profile/passkeys/add", profileAnswerSchema);
