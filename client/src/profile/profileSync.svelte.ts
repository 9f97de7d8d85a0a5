import type { HeldRoom, ProfileMe } from "../../../shared/protocol";
import type { TableeSocket } from "../lib/socket";
import {
  addSeatToken,
  listStoredRooms,
  loadCreatorToken,
  loadPushSentAt,
  loadSeatTokens,
  loadSignedIn,
  saveCreatorToken,
  savePushSentAt,
  saveSignedIn,
  TOKENS_CHANGED,
} from "../lib/storage";
import { noteCheckLeft } from "./passkeyCheck";
import { fetchMe, syncSeats, type SignedIn } from "./profileApi";
import { dropProfileTokens, noteProfileTokens, type HeldToken } from "./profileTokens";

/**
 * Writes a profile's tokens into this device's storage: "My games" and the rooms then find them like
 * a guest's. With "Notify me on this device" on, the server learns the new seats for this device too
 * (true: the subscription was sent again).
 */
export function storeRooms(rooms: readonly HeldRoom[]): boolean {
  const brought: HeldToken[] = []; // not held here before: the profile's, given back at the sign-out
  for (const { roomId, seatTokens, creatorToken } of rooms) {
    const held = loadSeatTokens(roomId);
    for (const token of seatTokens) if (!held.includes(token)) brought.push({ roomId, token });
    if (creatorToken !== undefined && loadCreatorToken(roomId) !== creatorToken) brought.push({ roomId, token: creatorToken });
  }
  noteProfileTokens(brought); // before they are stored: each store announces itself, and a sync may follow at once
  for (const room of rooms) {
    for (const token of room.seatTokens) addSeatToken(room.roomId, token);
    if (room.creatorToken !== undefined) saveCreatorToken(room.roomId, room.creatorToken);
  }
  if (brought.length > 0) resendPush();
  return brought.length > 0; // whether the subscription was sent again
}

/**
 * With notices on, this device's subscription goes to the server again: for the seats the profile
 * brought, and with the session cookie, which makes it one of the profile's devices for invitations
 * (until that session ends). Noted, so that page loads send it again only once a day (rows the
 * server lost since, a subscription the browser renewed). Loaded when needed: a guest's pages fetch no push code.
 */
const resendPush = (): void =>
  void import("../push/devicePush").then(async ({ resendDevicePush }) => {
    if (await resendDevicePush()) savePushSentAt(Date.now());
  });
const PUSH_RESEND_MS = 24 * 3600 * 1000;

/**
 * The signed-in profile of this browser (null: a guest), and the seats kept in step with it: the
 * tokens this device holds are sent to the profile, the profile's come back into storage. Other
 * devices' changes arrive through a socket the session cookie signs in (`profile:seats`).
 */
class ProfileSync {
  me: ProfileMe | null = $state(null);
  loaded = $state(false); // GET /api/profile answered (or failed)
  private socket: TableeSocket | null = null;
  private syncing: Promise<void> | null = null;
  private again = false;
  /** Counts sign-ins and sign-outs: an answer asked for before the last one belongs to another session. */
  private session = 0;

  async load(): Promise<void> {
    const session = this.session;
    const result = await fetchMe();
    this.loaded = true;
    if (!result.ok || session !== this.session) return; // a sign-in or sign-out here meanwhile says more
    if (result.value.profile === null) {
      saveSignedIn(false);
      savePushSentAt(null);
      dropProfileTokens(); // the session ended while no page was open
      return;
    }
    this.me = result.value.profile;
    noteCheckLeft(result.value.checkLeftMs);
    this.listen();
    if (Date.now() - (loadPushSentAt() ?? Number.NEGATIVE_INFINITY) > PUSH_RESEND_MS) resendPush(); // not under this sign-in yet, or a day ago
    await this.sync();
  }

  /** After a sign-in on this device (passkey, link) or the profile's creation. */
  adopt(signedIn: SignedIn): void {
    // Signed in as another profile over this one (a sign-in link): the first one's seats go back first.
    if (this.me !== null) dropProfileTokens();
    savePushSentAt(null); // a new session: the subscription is sent again under it
    this.session++;
    this.me = signedIn.profile;
    noteCheckLeft(signedIn.checkLeftMs);
    saveSignedIn(true);
    if (!storeRooms(signedIn.rooms)) resendPush(); // with the new session: the profile's invitations reach this device
    this.listen();
  }

  /** Sends this device's tokens and stores the profile's; one at a time, once more if asked meanwhile. */
  sync(): Promise<void> {
    if (this.me === null) return Promise.resolve();
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        const session = this.session;
        const result = await syncSeats(listStoredRooms().slice(-200));
        // Signed out (or in as someone else) while it was on its way: the answer's seats are not this device's any more.
        if (session !== this.session || this.me === null) break;
        if (result.ok) storeRooms(result.value.rooms);
        else if (result.error.code === "NOT_SIGNED_IN") this.forget();
      } while (this.again && this.me !== null);
      this.syncing = null;
    })();
    return this.syncing;
  }

  /**
   * Signed out (here, everywhere, the profile deleted, the session over): this device goes on as a
   * guest with the seats it took itself; those its profile brought are given back (profileTokens.ts).
   */
  forget(): void {
    this.session++;
    this.me = null;
    noteCheckLeft(undefined);
    dropProfileTokens();
    saveSignedIn(false);
    savePushSentAt(null);
    this.socket?.close();
    this.socket = null;
  }

  private listen(): void {
    if (this.socket) this.socket.close(); // a socket opened before this sign-in carries no (or the old) cookie
    this.socket = null;
    const session = this.session;
    void import("../lib/socket").then(({ connectSocket }) => {
      if (session !== this.session) return; // signed out (or in again) while the code was fetched
      if (this.socket) this.socket.close();
      const socket = connectSocket();
      socket.on("profile:seats", () => void this.sync());
      socket.on("profile:signedOut", () => this.forget());
      // Friends' notices: their own chunk, fetched at the first one.
      const notices = () => import("../friends/friendNotices.svelte").then(({ friendNotices }) => friendNotices);
      socket.on("friends:changed", (change) => void notices().then((n) => n.changed(change)));
      socket.on("friends:invited", (invitation) => void notices().then((n) => n.invited(invitation)));
      this.socket = socket;
    });
  }
}

export const profile = new ProfileSync();

/** Starts the profile's sync: called once at start-up (main.ts), in its own chunk. */
export function startProfileSync(): void {
  window.addEventListener(TOKENS_CHANGED, () => void profile.sync());
  if (loadSignedIn()) void profile.load();
  else profile.loaded = true;
}
