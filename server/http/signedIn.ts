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
