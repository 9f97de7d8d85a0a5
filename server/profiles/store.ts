import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";
import { hashToken, newToken } from "../rooms/tokens";
import { TableeError, type PasskeyInfo, type ProfileMe } from "../../shared/protocol";

/** A one-time sign-in link (the QR code) works this long. */
export const SIGN_IN_LINK_MS = 5 * 60 * 1000;

/** A passkey as the ceremonies need it. */
export interface StoredPasskey {
  readonly id: string;
  readonly profileId: string;
  readonly publicKey: Uint8Array<ArrayBuffer>;
  readonly counter: number;
  readonly transports: string[];
  readonly userHandle: string; // its profile's WebAuthn user.id
}

/** A new passkey, as verified at registration. */
export interface NewPasskey {
  readonly id: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly label: string;
}

/** A random id that is never shown to anyone (profiles are shown by display name only). */
export const newProfileId = (): string => randomBytes(16).toString("base64url");

/** Profiles, their passkeys, one-time sign-in links and the seats they hold (Postgres, via Prisma). */
export class ProfileStore {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly clock: () => Date,
  ) {}

  /** Makes a profile with its first passkey. */
  async create(profile: { id: string; displayName: string; userHandle: string }, passkey: NewPasskey): Promise<void> {
    await this.prisma.profile.create({
      data: { ...profile, createdAt: this.clock(), passkeys: { create: [passkeyRow(passkey, this.clock())] } },
    });
  }

  async addPasskey(profileId: string, passkey: NewPasskey): Promise<void> {
    await this.prisma.passkey.create({ data: { ...passkeyRow(passkey, this.clock()), profileId } });
  }

  async passkey(id: string): Promise<StoredPasskey | null> {
    const row = await this.prisma.passkey.findUnique({ where: { id }, include: { profile: { select: { userHandle: true } } } });
    if (!row) return null;
    return { id: row.id, profileId: row.profileId, publicKey: new Uint8Array(row.publicKey), counter: Number(row.counter), transports: row.transports, userHandle: row.profile.userHandle };
  }

  async passkeyIds(profileId: string): Promise<{ id: string; transports: string[] }[]> {
    return this.prisma.passkey.findMany({ where: { profileId }, select: { id: true, transports: true } });
  }

  /** After a sign-in: the counter the authenticator reported, and when. */
  async usedPasskey(id: string, counter: number): Promise<void> {
    await this.prisma.passkey.update({ where: { id }, data: { counter: BigInt(counter), lastUsedAt: this.clock() } });
  }

  /** Removes one passkey of the profile; the last one stays (LAST_PASSKEY): without it the profile could only be reached through a session. */
  async removePasskey(profileId: string, passkeyId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const ids = (await tx.passkey.findMany({ where: { profileId }, select: { id: true } })).map((p) => p.id);
      if (!ids.includes(passkeyId)) throw new TableeError("BAD_REQUEST", "passkeyId: no such passkey in this profile");
      if (ids.length === 1) throw new TableeError("LAST_PASSKEY", "this is the profile's only passkey; delete the profile instead");
      await tx.passkey.delete({ where: { id: passkeyId } });
    });
  }

  /** The profile as its owner sees it, or null when it is gone. */
  async me(profileId: string): Promise<ProfileMe | null> {
    const row = await this.prisma.profile.findUnique({ where: { id: profileId }, include: { passkeys: { orderBy: { createdAt: "asc" } } } });
    if (!row) return null;
    const passkeys: PasskeyInfo[] = row.passkeys.map((p) => ({ id: p.id, label: p.label, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null }));
    return { displayName: row.displayName, passkeys };
  }

  /** What a new passkey of the profile is made for: its name and WebAuthn user.id. */
  async identity(profileId: string): Promise<{ displayName: string; userHandle: string } | null> {
    return this.prisma.profile.findUnique({ where: { id: profileId }, select: { displayName: true, userHandle: true } });
  }

  async rename(profileId: string, displayName: string): Promise<void> {
    await this.prisma.profile.update({ where: { id: profileId }, data: { displayName } });
  }

  /** Deletes the profile; its passkeys, sessions, sign-in links and seat list go with it (ON DELETE CASCADE). */
  async delete(profileId: string): Promise<void> {
    await this.prisma.profile.deleteMany({ where: { id: profileId } });
  }

  /**
   * A one-time sign-in link for the profile, made by the session `sessionToken`: the token (shown
   * once, in the QR code); only its hash is kept. Null when that session has ended. The session's row
   * is locked while the link goes in, so a sign-out everywhere running at the same time either waits
   * and deletes the link with the others, or ends the session first and no link is made.
   */
  async newSignInLink(profileId: string, sessionToken: string): Promise<{ token: string; expiresAt: Date } | null> {
    const token = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MS);
    // The link carries the session's last passkey check: the session it opens is checked as of then.
    const made = await this.prisma.$executeRaw`
      INSERT INTO sign_in_links (token_hash, profile_id, expires_at, checked_at)
      SELECT ${hashToken(token)}, ${profileId}, ${expiresAt}, s.checked_at
      FROM (SELECT checked_at FROM profile_sessions WHERE token_hash = ${hashToken(sessionToken)} AND profile_id = ${profileId} AND expires_at > ${now} FOR SHARE) s`;
    return made === 1 ? { token, expiresAt } : null;
  }

  /** Forgets sign-in links nobody used. */
  async sweepLinks(): Promise<number> {
    return (await this.prisma.signInLink.deleteMany({ where: { expiresAt: { lte: this.clock() } } })).count;
  }

  /**
   * The name of the profile a sign-in link opens, without using it up (null: used or expired): the
   * device that opened it asks its person first, so a link someone else made cannot sign it in, and
   * hand that someone the seats this device holds, without a tap naming whose profile it is.
   */
  async nameOfSignInLink(token: string): Promise<string | null> {
    const link = await this.prisma.signInLink.findFirst({ where: { tokenHash: hashToken(token), expiresAt: { gt: this.clock() } }, select: { profile: { select: { displayName: true } } } });
    return link?.profile.displayName ?? null;
  }

  /** Uses a sign-in link up: the first redeemer gets its profile; anyone after, or after it expired, gets null. */
  async redeemSignInLink(token: string): Promise<{ profileId: string; checkedAt: Date | null } | null> {
    // One statement: two devices redeeming at once cannot both get it.
    const rows = await this.prisma.$queryRaw<{ profile_id: string; checked_at: Date | null }[]>`
      DELETE FROM sign_in_links WHERE token_hash = ${hashToken(token)} AND expires_at > ${this.clock()} RETURNING profile_id, checked_at`;
    const row = rows[0];
    return row ? { profileId: row.profile_id, checkedAt: row.checked_at } : null;
  }
}

function passkeyRow(passkey: NewPasskey, now: Date) {
  return { id: passkey.id, publicKey: Buffer.from(passkey.publicKey), counter: BigInt(passkey.counter), transports: [...passkey.transports], label: passkey.label, createdAt: now };
}
