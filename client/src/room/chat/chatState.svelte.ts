import type { ChatMessage, ChatPhrase } from "../../../../shared/protocol";
import type { Seat } from "../../../../shared/engine/types";
import { loadChatMuted, loadChatName, saveChatMuted, saveChatName } from "../../lib/storage";
import type { ActionResult, RoomState } from "../roomState.svelte";
import { playCue } from "../cues/sounds";
import { newMoveId } from "../moveSender";

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
  private seenCount = $state(0);
  /** The last message that got no answer, with its id: sending it again cannot post it twice. */
  private unanswered: { key: string; clientId: string } | null = null;

  constructor(private readonly room: RoomState) {
    this.muted = loadChatMuted(room.roomId);
    this.seenCount = room.chat.length;
    room.onChatMessage = (message) => {
      if (this.mine(message) || this.isMuted(message)) return;
      if (!this.open) playCue("chat");
    };
  }

  /** Messages shown on this device (muted authors hidden). */
  get visible(): ChatMessage[] {
    return this.room.chat.filter((m) => !this.isMuted(m));
  }

  /** Messages from others that arrived while the drawer was closed. */
  get unread(): number {
    if (this.open) return 0;
    return this.room.chat.slice(this.seenCount).filter((m) => !this.mine(m) && !this.isMuted(m)).length;
  }

  toggle(): void {
    this.open = !this.open;
    this.seenCount = this.room.chat.length;
  }

  /** Keeps the unread count at zero while the drawer is open. */
  markSeen(): void {
    if (this.open) this.seenCount = this.room.chat.length;
  }

  isMuted(message: Pick<ChatMessage, "nickname">): boolean {
    return this.muted.includes(chatAuthorKey(message));
  }

  toggleMute(message: Pick<ChatMessage, "nickname">): void {
    const key = chatAuthorKey(message);
    this.muted = this.muted.includes(key) ? this.muted.filter((k) => k !== key) : [...this.muted, key];
    saveChatMuted(this.room.roomId, this.muted);
  }

  mine(message: ChatMessage): boolean {
    return message.seat !== null ? this.room.mySeats.includes(message.seat) : this.room.mySeats.length === 0 && message.nickname === this.name.trim();
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
