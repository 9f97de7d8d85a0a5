import type { FastifyRequest } from "fastify";
import { TableeError } from "../../shared/protocol";
import type { Profiles } from "../profiles";
import { SESSION_COOKIE } from "../profiles/sessions";

/** The profile a request's session cookie signs in as, or NOT_SIGNED_IN. */
export async function signedIn(profiles: Profiles, request: FastifyRequest): Promise<string> {
  const profileId = await profiles.sessions.profileOf(request.cookies[SESSION_COOKIE]);
  if (profileId === null) throw new TableeError("NOT_SIGNED_IN", "sign in first (no live session on this browser)");
  return profileId;
}

/**
 * The profile, for a change that could take it over (passkeys, a sign-in link, deleting it): the
 * session must have proved one of its passkeys within PASSKEY_CHECK_MS, else PASSKEY_CHECK_NEEDED
 * (the client asks for the passkey, POST /api/profile/check, then tries again).
 */
export async function signedInAndChecked(profiles: Profiles, request: FastifyRequest): Promise<string> {
  const profileId = await profiles.sessions.checkedProfileOf(request.cookies[SESSION_COOKIE]);
  if (profileId === null) throw new TableeError("NOT_SIGNED_IN", "sign in first (no live session on this browser)");
  if (profileId === "unchecked") throw new TableeError("PASSKEY_CHECK_NEEDED", "confirm it is you with one of this profile's passkeys first (its last check was over 10 minutes ago)");
  return profileId;
}
