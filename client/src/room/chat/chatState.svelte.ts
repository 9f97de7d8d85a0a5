import type { ChatMessage, ChatPhrase } from "../../../../shared/protocol";
import type { Seat } from "../../../../shared/engine/types";
import { loadChatMuted, loadChatName, loadChatRead, saveChatMuted, saveChatName, saveChatRead } from "../../lib/storage";
import type { ActionResult, RoomState } from "../roomState.svelte";
import { playCue } from "../cues/sounds";
import { newMoveId } from "../moveSender";
import { isAfter, newestId, unreadCount } from "./readMarker";

/**
 * Who wrote a message, as this device mutes people: by name, which stays with the player when seat
 * numbers change (at the start, in the next game) and also covers them writing as a spectator.
 */
export function chatAuthorKey(message: Pick<ChatMessage, "nickname">): string {
  return `name:${message.nickname.toLowerCase()}`;
}

/**
 * The chat drawer's state: open or not, unread messages, the authors this device muted (kept per
 * room on the device), and the spectator's chat name.
 */
export class ChatState {
  open = $state(false);
  muted: string[] = $state([]);
  name = $state(loadChatName());
  /** The newest message counted as read here (readMarker.ts); null until a first visit's history arrives. */
  private readUpTo: string | null = $state(null);
  /** The last message that got no answer, with its id: sending it again cannot post it twice. */
  private unanswered: { key: string; clientId: string } | null = null;

  constructor(private readonly room: RoomState) {
    this.muted = loadChatMuted(room.roomId);
    this.readUpTo = loadChatRead(room.roomId);
    // A device that just arrived has read the history it finds: only what comes after is unread.
    if (this.readUpTo === null && room.chat.length > 0) this.markRead();
    room.onChatHistory = () => {
      if (this.readUpTo === null) this.markRead();
    };
    room.onChatMessage = (message) => {
      if (this.mine(message) || this.isMuted(message)) return;
      if (!this.open) playCue("chat");
    };
  }

  /** Messages shown on this device (muted authors hidden). */
  get visible(): ChatMessage[] {
    return this.room.chat.filter((m) => !this.isMuted(m));
  }

  /** Messages from others that arrived since this device last had the drawer open (or first came). */
  get unread(): number {
    if (this.open) return 0;
    return unreadCount(this.room.chat, this.readUpTo, (m) => !this.mine(m) && !this.isMuted(m));
  }

  toggle(): void {
    this.open = !this.open;
    this.markRead();
  }

  /** Keeps the unread count at zero while the drawer is open. */
  markSeen(): void {
    if (this.open) this.markRead();
  }

  /** Everything in the chat now counts as read, on this device (kept across reloads). */
  private markRead(): void {
    const newest = newestId(this.room.chat);
    if (this.readUpTo !== null && !isAfter(newest, this.readUpTo)) return;
    this.readUpTo = newest;
    saveChatRead(this.room.roomId, newest);
  }

  isMuted(message: Pick<ChatMessage, "nickname">): boolean {
    return this.muted.includes(chatAuthorKey(message));
  }

  toggleMute(message: Pick<ChatMessage, "nickname">): void {
    const key = chatAuthorKey(message);
    this.muted = this.muted.includes(key) ? this.muted.filter((k) => k !== key) : [...this.muted, key];
    saveChatMuted(this.room.roomId, this.muted);
  }

  /**
   * Whether this device wrote it: for a player's message, by the writer's colour, which stays theirs
   * in every game of the table (the seat it was written from may be someone else's here).
   */
  mine(message: ChatMessage): boolean {
    if (message.colour !== null) return this.room.mySeats.some((seat) => this.colourOfSeat(seat) === message.colour);
    return message.seat === null && this.room.mySeats.length === 0 && message.nickname === this.name.trim();
  }

  /** The seat of this game that the writer of `message` holds now (their colour's), or null. */
  seatNow(message: ChatMessage): Seat | null {
    if (message.colour === null) return null;
    return this.room.snapshot?.room.seats.find((seat) => seat.colour === message.colour)?.index ?? null;
  }

  private colourOfSeat(seat: Seat): number | undefined {
    return this.room.snapshot?.room.seats[seat]?.colour;
  }

  async send(content: { text: string } | { phrase: ChatPhrase }, seat: Seat | null): Promise<ActionResult> {
    const seated = this.room.mySeats.length > 0;
    if (!seated) saveChatName(this.name.trim());
    const key = JSON.stringify(content);
    const clientId = this.unanswered?.key === key ? this.unanswered.clientId : newMoveId();
    const author = seated ? (seat !== null && this.room.mySeats.includes(seat) ? { seat } : {}) : { nickname: this.name.trim() };
    const result = await this.room.sendChat(content, { ...author, clientId });
    // No answer, or the server could not tell whether it was stored: sending it again reuses its id.
    const lost = !result.ok && (result.error.code === "TIMEOUT" || result.error.code === "NETWORK" || result.error.code === "IN_DOUBT");
    this.unanswered = lost ? { key, clientId } : null;
    return result;
  }
}
