import type { FastifyInstance } from "fastify";
import { passkeyAddSchema, passkeyRemoveSchema, profileRenameSchema, profileSignInSchema, TableeError } from "../../shared/protocol";
import { relyingPartyOf, SESSION_COOKIE, type Profiles } from "../profiles";
import { PASSKEY_CHECK_MS } from "../profiles/sessions";
import { parseBody } from "./parseBody";
import { signedIn, signedInAndChecked } from "./signedIn";

/**
 * A signed-in profile's own settings: its passkeys (add one, remove one, each after a recent passkey
 * check) and its display name; and the check itself.
 */
export function registerPasskeyRoutes(app: FastifyInstance, profiles: Profiles, limited: object): void {
  // A passkey of this profile, proved again (a challenge handed to this profile, its own passkeys
  // offered): the session may make the changes that need a recent check for the next 10 minutes
  // (signedInAndChecked).
  app.post("/api/profile/check/options", limited, async (request) => {
    const profileId = await signedIn(profiles, request);
    return profiles.ceremonies.checkOptions(relyingPartyOf(request, profiles.relyingParty), profileId);
  });

  app.post("/api/profile/check", limited, async (request) => {
    const profileId = await signedIn(profiles, request);
    const body = parseBody(profileSignInSchema, request.body);
    await profiles.ceremonies.verifyCheck(relyingPartyOf(request, profiles.relyingParty), body.challengeId, profileId, body.credential);
    await profiles.sessions.markChecked(request.cookies[SESSION_COOKIE] ?? "");
    return { checked: true, checkLeftMs: PASSKEY_CHECK_MS };
  });

  app.post("/api/profile/passkeys/options", limited, async (request) => {
    const profileId = await signedInAndChecked(profiles, request);
    const profile = await profiles.store.identity(profileId);
    if (!profile) throw new TableeError("NOT_SIGNED_IN", "this profile no longer exists");
    return profiles.ceremonies.addOptions(relyingPartyOf(request, profiles.relyingParty), profileId, profile.displayName, profile.userHandle);
  });

  // The answer to a challenge only a checked session of this profile was handed (the options, 5
  // minutes): not checked again, or a check running out while the device makes the passkey would
  // leave it on the device, unknown here.
  app.post("/api/profile/passkeys/add", limited, async (request, reply) => {
    const profileId = await signedIn(profiles, request);
    const body = parseBody(passkeyAddSchema, request.body);
    const passkey = await profiles.ceremonies.verifyAdd(relyingPartyOf(request, profiles.relyingParty), body.challengeId, profileId, body.credential, request.headers["user-agent"]);
    await profiles.store.addPasskey(profileId, passkey);
    return reply.status(201).send({ profile: await profiles.store.me(profileId) });
  });

  app.post("/api/profile/passkeys/remove", limited, async (request) => {
    const profileId = await signedInAndChecked(profiles, request);
    const body = parseBody(passkeyRemoveSchema, request.body);
    await profiles.store.removePasskey(profileId, body.passkeyId);
    // The key may be a lost or stolen phone's: every device it (or a link made on it) signed in is
    // signed out; this browser stays (docs/security.md).
    const session = request.cookies[SESSION_COOKIE];
    if ((await profiles.sessions.closeOthers(profileId, session)) > 0) profiles.signedOut(profileId, session);
    return { profile: await profiles.store.me(profileId) };
  });

  app.post("/api/profile/rename", limited, async (request) => {
    const profileId = await signedIn(profiles, request);
    const body = parseBody(profileRenameSchema, request.body);
    await profiles.store.rename(profileId, body.displayName);
    return { profile: await profiles.store.me(profileId) };
  });
}
