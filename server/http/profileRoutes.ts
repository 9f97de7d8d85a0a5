import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  profileCreateOptionsSchema,
  profileCreateSchema,
  profileSeatsSchema,
  profileSignInSchema,
  profileSignOutSchema,
  signInLinkSchema,
  TableeError,
  type HeldRoom,
  type ProfileMe,
} from "../../shared/protocol";
import { newProfileId } from "../profiles/store";
import { heldTokens, type RoomLookup } from "../profiles/seats";
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from "../profiles/sessions";
import type { Friends } from "../friends";
import { relyingPartyOf, type Profiles } from "../profiles";
import { parseBody } from "./parseBody";
import { registerPasskeyRoutes } from "./passkeyRoutes";
import { signedIn, signedInAndChecked } from "./signedIn";

/** Requests per minute and address on each profile route: a person signs in a few times a day. */
export const DEFAULT_PROFILE_REQUESTS_PER_MINUTE = 30;

/** What the profile routes need. */
export interface ProfileRouteDeps {
  readonly profiles: Profiles;
  readonly friends: Friends; // a deleted profile's friends and co-players are told (their lists change)
  readonly lookup: RoomLookup; // checks that a token holds a seat of its room
  readonly perMinute: number;
}

/**
 * Profiles (docs/protocol.md, "Profiles"): create with a passkey, sign in (passkey or one-time link),
 * the seats a profile holds, sign out, delete. Every route has its own per-address limit; bodies are
 * checked by the zod schemas of shared/protocol/profile.ts; cross-site POSTs never get here (crossSite.ts).
 */
export async function registerProfileRoutes(app: FastifyInstance, deps: ProfileRouteDeps): Promise<void> {
  await app.register(fastifyCookie);
  const { profiles } = deps;
  const limited = { config: { rateLimit: { max: deps.perMinute, timeWindow: "1 minute" } } };

  /** Opens a session (a new cookie; the one this browser had is ended: rotation) and answers the profile and its seats. */
  const openSession = async (request: FastifyRequest, reply: FastifyReply, profileId: string, checkedAt: Date | null) => {
    const token = await profiles.sessions.open(profileId, request.cookies[SESSION_COOKIE], checkedAt);
    reply.setCookie(SESSION_COOKIE, token, SESSION_COOKIE_OPTIONS);
    const checkLeftMs = profiles.sessions.checkLeftAt(checkedAt);
    return { profile: await profiles.store.me(profileId), rooms: await profiles.seats.of(profileId), checkLeftMs };
  };

  // GET and the seats: the per-address limit of every route (a signed-in device asks at each page load and seat).
  // With the profile, how long this session's passkey check still counts: the client asks for the
  // passkey before a change that needs one once it is over, instead of after the change's refusal.
  app.get("/api/profile", async (request, reply): Promise<{ profile: ProfileMe | null; checkLeftMs?: number }> => {
    reply.header("cache-control", "no-store");
    const session = await profiles.sessions.signedInAs(request.cookies[SESSION_COOKIE]);
    const profile = session === null ? null : await profiles.store.me(session.profileId);
    return profile === null ? { profile } : { profile, checkLeftMs: profiles.sessions.checkLeftAt(session!.checkedAt) };
  });

  app.post("/api/profile/create/options", limited, async (request) => {
    const body = parseBody(profileCreateOptionsSchema, request.body);
    return profiles.ceremonies.createOptions(relyingPartyOf(request, profiles.relyingParty), body.displayName);
  });

  app.post("/api/profile/create", limited, async (request, reply) => {
    const body = parseBody(profileCreateSchema, request.body);
    const made = await profiles.ceremonies.verifyCreate(relyingPartyOf(request, profiles.relyingParty), body.challengeId, body.credential, request.headers["user-agent"]);
    // The seats this device holds as a guest join the profile. Checked before the profile is stored:
    // a failure here (the database unavailable) must not leave a profile behind an error answer, whose
    // retry would make a second one (and a second passkey in the person's list).
    const held = await heldTokens(body.rooms, deps.lookup);
    const profileId = newProfileId();
    await profiles.store.create({ id: profileId, displayName: made.displayName, userHandle: made.userHandle }, made.passkey);
    await profiles.seats.add(profileId, held);
    return reply.status(201).send(await openSession(request, reply, profileId, profiles.sessions.checkedNow()));
  });

  app.post("/api/profile/signin/options", limited, async (request) => profiles.ceremonies.signInOptions(relyingPartyOf(request, profiles.relyingParty)));

  app.post("/api/profile/signin", limited, async (request, reply) => {
    const body = parseBody(profileSignInSchema, request.body);
    const profileId = await profiles.ceremonies.verifySignIn(relyingPartyOf(request, profiles.relyingParty), body.challengeId, body.credential);
    return openSession(request, reply, profileId, profiles.sessions.checkedNow()); // a passkey: checked now
  });

  // A signed-in device shows this link as a QR code; another device opens it and is signed in, once.
  app.post("/api/profile/link", limited, async (request) => {
    const profileId = await signedInAndChecked(profiles, request); // the link opens a session that may change passkeys
    const link = await profiles.store.newSignInLink(profileId, request.cookies[SESSION_COOKIE] ?? "");
    if (link === null) throw new TableeError("NOT_SIGNED_IN", "this session has just ended");
    const { token, expiresAt } = link;
    // The token goes in the fragment: browsers never send it to a server or in a Referer.
    return { token, path: `/profile/link#${token}`, expiresAt: expiresAt.toISOString() };
  });

  // Whose profile a link opens, asked before it is used (the device shows the name and waits for a tap).
  app.post("/api/profile/link/peek", limited, async (request): Promise<{ displayName: string }> => {
    const body = parseBody(signInLinkSchema, request.body);
    const displayName = await profiles.store.nameOfSignInLink(body.token);
    if (displayName === null) throw new TableeError("LINK_EXPIRED", "this sign-in link was already used or has expired; show a new one");
    return { displayName };
  });

  app.post("/api/profile/link/redeem", limited, async (request, reply) => {
    const body = parseBody(signInLinkSchema, request.body);
    const link = await profiles.store.redeemSignInLink(body.token);
    if (link === null) throw new TableeError("LINK_EXPIRED", "this sign-in link was already used or has expired; show a new one");
    return openSession(request, reply, link.profileId, link.checkedAt); // checked as of its maker's last check
  });

  // The device's tokens that hold a seat join the profile; the answer is every token the profile holds.
  app.post("/api/profile/seats", async (request): Promise<{ rooms: HeldRoom[] }> => {
    const profileId = await signedIn(profiles, request);
    const body = parseBody(profileSeatsSchema, request.body);
    const added = await profiles.seats.add(profileId, await heldTokens(body.rooms, deps.lookup));
    const rooms = await profiles.seats.of(profileId);
    if (added > 0) profiles.seatsChanged(profileId, rooms.length);
    return { rooms };
  });

  app.post("/api/profile/signout", limited, async (request, reply) => {
    const body = parseBody(profileSignOutSchema, request.body ?? {});
    const token = request.cookies[SESSION_COOKIE];
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    const profileId = await profiles.sessions.profileOf(token);
    if (token) await profiles.sessions.close(token);
    if (profileId !== null && body.everywhere) {
      await profiles.sessions.closeAll(profileId);
      profiles.signedOut(profileId);
    } else if (profileId !== null && token) profiles.sessionSignedOut(profileId, token); // this browser's other tabs
    return { signedOut: true };
  });

  app.post("/api/profile/delete", limited, async (request, reply) => {
    const profileId = await signedInAndChecked(profiles, request);
    await deps.friends.deleting(profileId, () => profiles.store.delete(profileId));
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    profiles.signedOut(profileId);
    return { deleted: true };
  });

  registerPasskeyRoutes(app, profiles, limited);
}
