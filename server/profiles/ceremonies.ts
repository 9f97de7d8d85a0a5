import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { PrismaClient } from "../db/generated/client";
import { TableeError } from "../../shared/protocol";
import type { RelyingParty } from "./relyingParty";
import type { NewPasskey, ProfileStore, StoredPasskey } from "./store";
import { passkeyLabel } from "./passkeyLabel";

/** A challenge must be answered within this long (the browser's prompt times out at the same). */
export const CHALLENGE_MS = 5 * 60 * 1000;

const RP_NAME = "Tablée";

/** What a challenge was handed out for; an answer is only taken for the same purpose. */
type Purpose = "create" | "add" | "signin" | "check";

interface TakenChallenge {
  readonly challenge: string;
  readonly profileId: string | null;
  readonly displayName: string | null;
  readonly userHandle: string | null;
}

/** Every refusal says the same to the client: which check failed is for the server's log only. */
const refused = (why: string): TableeError => new TableeError("PASSKEY_REFUSED", `the passkey's answer was refused (${why})`);

/** The library throws on a wrong origin, RP id, challenge or signature: all are PASSKEY_REFUSED. */
async function refusedOnThrow<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    throw refused((error as Error).message);
  }
}

/**
 * The WebAuthn ceremonies (@simplewebauthn/server). Challenges live in Postgres so that the answer
 * may reach another process of the cluster, and each is taken (deleted) by the first answer that
 * names it: a replayed answer finds no challenge. User verification (the screen lock) is required.
 */
export class Ceremonies {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly profiles: ProfileStore,
    private readonly clock: () => Date,
  ) {}

  /** Options to make the first passkey of a new profile named `displayName`. */
  async createOptions(rp: RelyingParty, displayName: string): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
    const userHandle = randomBytes(32);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.rpId,
      userName: displayName,
      userDisplayName: displayName,
      userID: userHandle,
      attestationType: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const challengeId = await this.remember("create", options.challenge, { displayName, userHandle: userHandle.toString("base64url") });
    return { challengeId, options };
  }

  /** Options to add a passkey to a signed-in profile (its passkeys excluded: one per authenticator). */
  async addOptions(rp: RelyingParty, profileId: string, displayName: string, userHandle: string): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
    const existing = await this.profiles.passkeyIds(profileId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.rpId,
      userName: displayName,
      userDisplayName: displayName,
      userID: Buffer.from(userHandle, "base64url"),
      attestationType: "none",
      excludeCredentials: existing,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const challengeId = await this.remember("add", options.challenge, { profileId });
    return { challengeId, options };
  }

  /** Options to sign in with any passkey of this site (discoverable: the browser lists them). */
  async signInOptions(rp: RelyingParty): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const options = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: "required" });
    const challengeId = await this.remember("signin", options.challenge, {});
    return { challengeId, options };
  }

  /**
   * Options to prove one of a signed-in profile's passkeys again (the changes that need a recent
   * check): its own passkeys only, the challenge handed to that profile alone.
   */
  async checkOptions(rp: RelyingParty, profileId: string): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const own = await this.profiles.passkeyIds(profileId);
    const options = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: "required", allowCredentials: own });
    const challengeId = await this.remember("check", options.challenge, { profileId });
    return { challengeId, options };
  }

  /** Verifies a passkey check: a passkey of `profileId`, answering a challenge handed to that profile. */
  async verifyCheck(rp: RelyingParty, challengeId: string, profileId: string, credential: AuthenticationResponseJSON): Promise<void> {
    const taken = await this.take(challengeId, "check");
    if (taken.profileId !== profileId) throw refused("challenge handed to another profile");
    const passkey = await this.profiles.passkey(credential.id);
    if (!passkey || passkey.profileId !== profileId) throw refused("not a passkey of this profile");
    await this.verifyAssertion(rp, taken, passkey, credential);
  }

  /** Verifies a new profile's first passkey: the profile to make (not made yet). */
  async verifyCreate(rp: RelyingParty, challengeId: string, credential: RegistrationResponseJSON, userAgent: string | undefined) {
    const taken = await this.take(challengeId, "create");
    if (taken.displayName === null || taken.userHandle === null) throw refused("challenge without a name");
    const passkey = await this.verifyRegistration(rp, taken, credential, userAgent);
    return { displayName: taken.displayName, userHandle: taken.userHandle, passkey };
  }

  /** Verifies a passkey added to the profile the challenge was handed to (the session must still be that profile's). */
  async verifyAdd(rp: RelyingParty, challengeId: string, profileId: string, credential: RegistrationResponseJSON, userAgent: string | undefined): Promise<NewPasskey> {
    const taken = await this.take(challengeId, "add");
    if (taken.profileId !== profileId) throw refused("challenge handed to another profile");
    return this.verifyRegistration(rp, taken, credential, userAgent);
  }

  /** Verifies a sign-in: the profile the passkey belongs to. Its counter is kept (a cloned authenticator's goes backwards). */
  async verifySignIn(rp: RelyingParty, challengeId: string, credential: AuthenticationResponseJSON): Promise<string> {
    const taken = await this.take(challengeId, "signin");
    const passkey = await this.profiles.passkey(credential.id);
    if (!passkey) throw refused("unknown passkey");
    await this.verifyAssertion(rp, taken, passkey, credential);
    return passkey.profileId;
  }

  /** The passkey's signature over the challenge, with user verification; its counter is kept (a cloned authenticator's goes backwards). */
  private async verifyAssertion(rp: RelyingParty, taken: TakenChallenge, passkey: StoredPasskey, credential: AuthenticationResponseJSON): Promise<void> {
    if (credential.response.userHandle !== undefined && credential.response.userHandle !== passkey.userHandle) throw refused("user handle of another profile");
    const verification = await refusedOnThrow(() =>
      verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: true,
      }),
    );
    if (!verification.verified) throw refused("signature");
    await this.profiles.usedPasskey(passkey.id, verification.authenticationInfo.newCounter);
  }

  /** Forgets challenges nobody answered. */
  async sweep(): Promise<number> {
    return (await this.prisma.webauthnChallenge.deleteMany({ where: { expiresAt: { lte: this.clock() } } })).count;
  }

  private async verifyRegistration(rp: RelyingParty, taken: TakenChallenge, credential: RegistrationResponseJSON, userAgent: string | undefined): Promise<NewPasskey> {
    const verification = await refusedOnThrow(() =>
      verifyRegistrationResponse({ response: credential, expectedChallenge: taken.challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpId, requireUserVerification: true }),
    );
    if (!verification.verified) throw refused("attestation");
    const { credential: made, credentialBackedUp } = verification.registrationInfo;
    if (await this.profiles.passkey(made.id)) throw refused("passkey already registered");
    return { id: made.id, publicKey: made.publicKey, counter: made.counter, transports: credential.response.transports ?? [], label: passkeyLabel(userAgent, credentialBackedUp) };
  }

  private async remember(purpose: Purpose, challenge: string, data: { profileId?: string; displayName?: string; userHandle?: string }): Promise<string> {
    const id = randomBytes(18).toString("base64url");
    await this.prisma.webauthnChallenge.create({ data: { id, challenge, purpose, ...data, expiresAt: new Date(this.clock().getTime() + CHALLENGE_MS) } });
    return id;
  }

  /** Takes (deletes) the challenge: one answer only, whatever its outcome. */
  private async take(challengeId: string, purpose: Purpose): Promise<TakenChallenge> {
    const rows = await this.prisma.$queryRaw<{ challenge: string; profile_id: string | null; display_name: string | null; user_handle: string | null }[]>`
      DELETE FROM webauthn_challenges WHERE id = ${challengeId} AND purpose = ${purpose} AND expires_at > ${this.clock()}
      RETURNING challenge, profile_id, display_name, user_handle`;
    const row = rows[0];
    if (!row) throw refused("no such challenge, already answered, or expired");
    return { challenge: row.challenge, profileId: row.profile_id, displayName: row.display_name, userHandle: row.user_handle };
  }
}
