import fastifyCookie from "@fastify/cookie";
import type { PrismaClient } from "../db/generated/client";
import { hashToken, newToken } from "../rooms/tokens";

/** The session cookie's name. Not `__Host-`: that prefix needs https, and local development runs on http://localhost. */
export const SESSION_COOKIE = "tablee_session";

/** The session token in a request's Cookie header, for what is not under the profile routes' cookie plugin (sockets, push). */
export function sessionTokenIn(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? fastifyCookie.parse(cookieHeader)[SESSION_COOKIE] : undefined;
}

/**
 * How recent a session's last passkey proof must be for the changes that could take a profile over:
 * adding or removing a passkey, a sign-in link for another device, deleting the profile. A phone
 * left unlocked and signed in gives its finder the session, not the owner's screen lock.
 */
export const PASSKEY_CHECK_MS = 10 * 60 * 1000;

/**
 * How long a passkey proof made at `checkedAt` still counts at `now`, in ms (0 once over, or never
 * made). Sent to the client, which asks for the passkey before a change rather than after its refusal.
 */
export function checkLeft(checkedAt: Date | null, now: number): number {
  return checkedAt === null ? 0 : Math.max(0, checkedAt.getTime() + PASSKEY_CHECK_MS - now);
}

/** A session lasts this long after its sign-in (then the passkey is asked again). */
export const SESSION_DAYS = 180;
const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;

/**
 * The cookie's attributes: HttpOnly (no script reads it, so an XSS cannot carry it away), Secure
 * (browsers treat http://localhost as secure, so development works), SameSite=Lax (not sent on
 * cross-site subrequests; state-changing routes also check Origin: crossSite.ts).
 */
export const SESSION_COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: SESSION_DAYS * 24 * 3600 } as const;

/**
 * Server-side sessions in Postgres, so every process of a cluster knows them. The cookie holds a
 * 256-bit random token; only its SHA-256 is stored (a database leak signs nobody in).
 */
export class SessionStore {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly clock: () => Date,
  ) {}

  /** The moment to open a session signed in by a passkey with (`open`'s `checkedAt`): now. */
  checkedNow(): Date {
    return this.clock();
  }

  /**
   * A new session for the profile; `replacing` (the cookie the browser had) is ended: sign-in rotates
   * the session. `checkedAt`: its last passkey proof (`checkedNow()` when a passkey just signed it in;
   * a link's session carries its maker's, null if none).
   */
  async open(profileId: string, replacing: string | undefined, checkedAt: Date | null): Promise<string> {
    const token = newToken();
    const now = this.clock();
    await this.prisma.$transaction([
      ...(replacing ? [this.prisma.profileSession.deleteMany({ where: { tokenHash: hashToken(replacing) } })] : []),
      this.prisma.profileSession.create({ data: { tokenHash: hashToken(token), profileId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MS), checkedAt } }),
    ]);
    return token;
  }

  /** The profile a cookie signs in as, or null (no such session, expired, or the profile is gone). */
  async profileOf(token: string | undefined): Promise<string | null> {
    if (!token || token.length > 128) return null;
    const session = await this.prisma.profileSession.findUnique({ where: { tokenHash: hashToken(token) }, select: { profileId: true, expiresAt: true } });
    if (!session || session.expiresAt.getTime() <= this.clock().getTime()) return null;
    return session.profileId;
  }

  /** The profile a cookie signs in as and its last passkey proof, or null when it signs in as nobody. */
  async signedInAs(token: string | undefined): Promise<{ readonly profileId: string; readonly checkedAt: Date | null } | null> {
    if (!token || token.length > 128) return null;
    const session = await this.prisma.profileSession.findUnique({ where: { tokenHash: hashToken(token) }, select: { profileId: true, expiresAt: true, checkedAt: true } });
    if (!session || session.expiresAt.getTime() <= this.clock().getTime()) return null;
    return { profileId: session.profileId, checkedAt: session.checkedAt };
  }

  /**
   * The profile a cookie signs in as, if its session proved a passkey within PASSKEY_CHECK_MS:
   * "unchecked" when its last proof is older, null when it signs in as nobody.
   */
  async checkedProfileOf(token: string | undefined): Promise<string | "unchecked" | null> {
    const session = await this.signedInAs(token);
    if (session === null) return null;
    const { profileId, checkedAt } = session;
    return checkedAt !== null && this.clock().getTime() - checkedAt.getTime() <= PASSKEY_CHECK_MS ? profileId : "unchecked";
  }

  /** How long a passkey proof made at `checkedAt` still counts (see `checkLeft`). */
  checkLeftAt(checkedAt: Date | null): number {
    return checkLeft(checkedAt, this.clock().getTime());
  }

  /** This browser's session just proved a passkey of its profile. */
  async markChecked(token: string): Promise<void> {
    await this.prisma.profileSession.updateMany({ where: { tokenHash: hashToken(token) }, data: { checkedAt: this.clock() } });
  }

  /** Ends this browser's session. */
  async close(token: string): Promise<void> {
    await this.prisma.profileSession.deleteMany({ where: { tokenHash: hashToken(token) } });
  }

  /**
   * Ends every session of the profile but this browser's (a passkey removed: the devices it may have
   * signed in), and every sign-in link not used yet: a device signed out could have made some to
   * come back with (this browser makes a new one when it needs one).
   */
  async closeOthers(profileId: string, keep: string | undefined): Promise<number> {
    const kept = keep ? hashToken(keep) : "";
    const [closed] = await this.prisma.$transaction([
      this.prisma.profileSession.deleteMany({ where: { profileId, tokenHash: { not: kept } } }),
      this.prisma.signInLink.deleteMany({ where: { profileId } }),
    ]);
    return closed.count;
  }

  /** Ends every session of the profile and its unused sign-in links (sign out everywhere). */
  async closeAll(profileId: string): Promise<number> {
    const [closed] = await this.prisma.$transaction([this.prisma.profileSession.deleteMany({ where: { profileId } }), this.prisma.signInLink.deleteMany({ where: { profileId } })]);
    return closed.count;
  }

  /** Drops expired sessions (called now and then; an expired one is refused anyway). */
  async sweep(): Promise<number> {
    return (await this.prisma.profileSession.deleteMany({ where: { expiresAt: { lte: this.clock() } } })).count;
  }
}
