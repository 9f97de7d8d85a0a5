import { z } from "zod";
import { LIMITS } from "./limits";
import { roomIdSchema, tokenSchema } from "./schemas";
import { nameText, wireString } from "./strings";

/**
 * Profiles (issue 35): a person who wants their games on every device gets a profile protected by
 * passkeys; guests need none. These are the bodies of the /api/profile routes (docs/protocol.md).
 */

/** What others see of a profile: this name, nothing else. */
export const displayNameSchema = nameText("display name", LIMITS.nicknameMax, 200);

/** A base64url string as WebAuthn's JSON encoding writes binary fields. */
const base64url = (what: string, max: number) => wireString(max, what).regex(/^[A-Za-z0-9_-]*$/u, `${what} is not base64url`);

/** A credential as @simplewebauthn/browser encodes `navigator.credentials.create()` or `.get()`: its `response` differs. */
const credentialSchema = <R extends z.ZodRawShape>(response: R) =>
  z
    .object({
      id: base64url("id", 1400),
      rawId: base64url("rawId", 1400),
      type: z.literal("public-key"),
      response: z.object(response).strip(),
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      // Extension outputs (credProps…): not read by the server, the library ignores those it does not ask for.
      clientExtensionResults: z.record(wireString(64, "extension"), z.unknown()).default({}),
    })
    .strip();

/** What `navigator.credentials.create()` gives: a new passkey. */
export const registrationCredentialSchema = credentialSchema({
  clientDataJSON: base64url("clientDataJSON", 4000),
  attestationObject: base64url("attestationObject", 16000),
  authenticatorData: base64url("authenticatorData", 16000).optional(),
  transports: z.array(wireString(32, "transport")).max(8).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url("publicKey", 4000).optional(),
});

/** What `navigator.credentials.get()` gives: a passkey's signature over the challenge. */
export const authenticationCredentialSchema = credentialSchema({
  clientDataJSON: base64url("clientDataJSON", 4000),
  authenticatorData: base64url("authenticatorData", 16000),
  signature: base64url("signature", 4000),
  userHandle: base64url("userHandle", 200).optional(),
});

/** A room and every token this device holds in it, as "My games" lists them. */
export const heldRoomSchema = z
  .object({ roomId: roomIdSchema, seatTokens: z.array(tokenSchema).max(LIMITS.seatTokensPerSocket), creatorToken: tokenSchema.optional() })
  .strict();
export type HeldRoom = z.output<typeof heldRoomSchema>;

const heldRoomsSchema = z.array(heldRoomSchema).max(LIMITS.roomsPerRequest);

/** The id of a challenge the server handed out, sent back with its answer. */
const challengeIdSchema = base64url("challenge id", 64).min(16, "not a challenge id");

/** POST /api/profile/create/options: the name of the profile about to be made. */
export const profileCreateOptionsSchema = z.object({ displayName: displayNameSchema }).strict();
/** POST /api/profile/create: the new passkey, and the seats this device holds as a guest (they join the profile). */
export const profileCreateSchema = z.object({ challengeId: challengeIdSchema, credential: registrationCredentialSchema, rooms: heldRoomsSchema.default([]) }).strict();
/** POST /api/profile/passkeys/add: another passkey for the signed-in profile. */
export const passkeyAddSchema = z.object({ challengeId: challengeIdSchema, credential: registrationCredentialSchema }).strict();
/** POST /api/profile/signin: a passkey's answer to a sign-in challenge. */
export const profileSignInSchema = z.object({ challengeId: challengeIdSchema, credential: authenticationCredentialSchema }).strict();
/** POST /api/profile/link/redeem: the one-time token of a sign-in link (the QR code of a signed-in device). */
export const signInLinkSchema = z.object({ token: tokenSchema }).strict();
/** POST /api/profile/seats: the tokens this device holds (kept by the profile when they hold a seat). */
export const profileSeatsSchema = z.object({ rooms: heldRoomsSchema }).strict();
/** POST /api/profile/passkeys/remove. */
export const passkeyRemoveSchema = z.object({ passkeyId: base64url("passkey id", 1400).min(1) }).strict();
/** POST /api/profile/signout: this browser only, or every device of the profile. */
export const profileSignOutSchema = z.object({ everywhere: z.boolean().default(false) }).strict();
/** POST /api/profile/rename. */
export const profileRenameSchema = z.object({ displayName: displayNameSchema }).strict();

/** One passkey in the list a profile sees (to remove one). */
export interface PasskeyInfo {
  readonly id: string;
  readonly label: string;
  readonly createdAt: string; // ISO
  readonly lastUsedAt: string | null;
}

/** GET /api/profile: the signed-in profile as its owner sees it, or null for a guest. */
export interface ProfileMe {
  readonly displayName: string;
  readonly passkeys: readonly PasskeyInfo[];
}

/** Server → the sockets of a profile: its seats changed on another device (sync them). */
export interface ProfileSeatsChanged {
  readonly rooms: number;
}
