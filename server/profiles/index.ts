import type { PrismaClient } from "../db/generated/client";
import type { TableeServer } from "../socket/socketTypes";
import { Ceremonies } from "./ceremonies";
import type { RelyingParty } from "./relyingParty";
import { ProfileSeats } from "./seats";
import { SessionStore } from "./sessions";
import { ProfileStore } from "./store";
import { hashToken } from "../rooms/tokens";

export { relyingPartyFromOrigin, relyingPartyOf, type RelyingParty } from "./relyingParty";
export { SESSION_COOKIE } from "./sessions";

/** The socket.io room of a profile's sockets (every device signed in), across the cluster's processes. */
export const profileChannel = (profileId: string): string => `profile:${profileId}`;
/** The socket.io room of one session's sockets (a browser's tabs), named by the session's hash (never the cookie itself). */
export const sessionChannel = (sessionToken: string): string => `session:${hashToken(sessionToken)}`;

/** How often expired sessions, challenges and links are swept away (each is refused once expired anyway). */
const SWEEP_MS = 3600 * 1000;

/**
 * Profiles (issue 35): the stores, the WebAuthn ceremonies, and the notices a profile's devices get
 * through their sockets. Built before the socket server exists: `attach` gives it the sockets.
 */
export class Profiles {
  readonly store: ProfileStore;
  readonly seats: ProfileSeats;
  readonly sessions: SessionStore;
  readonly ceremonies: Ceremonies;
  private io: TableeServer | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    prisma: PrismaClient,
    clock: () => Date,
    /** PUBLIC_ORIGIN's relying party; null: each request's own origin (development, tests). */
    readonly relyingParty: RelyingParty | null,
  ) {
    this.store = new ProfileStore(prisma, clock);
    this.seats = new ProfileSeats(prisma);
    this.sessions = new SessionStore(prisma, clock);
    this.ceremonies = new Ceremonies(prisma, this.store, clock);
  }

  attach(io: TableeServer, onError: (error: unknown) => void): void {
    this.io = io;
    const sweep = () => void Promise.all([this.sessions.sweep(), this.ceremonies.sweep(), this.store.sweepLinks()]).catch(onError);
    this.sweeper = setInterval(sweep, SWEEP_MS);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** "Play again" opened `toRoomId`: the profiles of the finished game hold the next one, and their devices are told. */
  async followRematch(fromRoomId: string, toRoomId: string): Promise<void> {
    for (const profileId of await this.seats.followRematch(fromRoomId, toRoomId)) this.seatsChanged(profileId, (await this.seats.of(profileId)).length);
  }

  /**
   * A socket signed in at its handshake claimed a seat: the profile its session signs in as now holds
   * it, whether or not the device then manages to say so itself (a phone that lost its signal right
   * after would have played the game under no profile: unrated, missing from its other devices), and
   * its other devices are told. Read from the session now, not from the handshake: a browser signed
   * out since (or in as someone else, a new session) adds nothing; its own sync says whose it is.
   */
  async seatClaimed(sessionToken: string | undefined, roomId: string, seatToken: string): Promise<void> {
    const profileId = await this.sessions.profileOf(sessionToken);
    if (profileId === null) return;
    if ((await this.seats.add(profileId, [{ roomId, token: seatToken, creator: false }])) > 0) this.seatsChanged(profileId, (await this.seats.of(profileId)).length);
  }

  /** Tells every device of the profile that its seats changed (they fetch them again). */
  seatsChanged(profileId: string, rooms: number): void {
    this.io?.to(profileChannel(profileId)).emit("profile:seats", { rooms });
  }

  /**
   * Tells every device of the profile that it was signed out (everywhere, the profile deleted, or —
   * with `except`, that browser's session staying — a passkey removed), and forgets their sockets' profile.
   */
  /**
   * One browser signed out (its session ended): its other tabs' sockets are told and leave the
   * profile's channel, so a shared computer's open tab stops showing that person's friend notices.
   */
  sessionSignedOut(profileId: string, sessionToken: string): void {
    const channel = this.io?.to(sessionChannel(sessionToken));
    channel?.emit("profile:signedOut");
    channel?.socketsLeave(profileChannel(profileId));
  }

  signedOut(profileId: string, except?: string): void {
    const all = this.io?.to(profileChannel(profileId));
    const channel = except === undefined ? all : all?.except(sessionChannel(except));
    channel?.emit("profile:signedOut");
    channel?.socketsLeave(profileChannel(profileId));
  }
}
