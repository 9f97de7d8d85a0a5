import type { Seat } from "../engine/types";
import { displayText } from "./strings";

/** Longest chat message, in characters after trimming. */
export const CHAT_TEXT_MAX = 300;
/** How many recent messages a client gets when it (re)watches a room. */
export const CHAT_HISTORY = 100;
/** Per connection: at most this many chat messages in this many seconds. */
export const CHAT_RATE = { messages: 5, seconds: 10 } as const;
/**
 * Per room and client address, whatever the number of connections: at most this many messages in
 * this many seconds, so opening more connections does not multiply the allowance.
 */
export const CHAT_ADDRESS_RATE = { messages: 15, seconds: 10 } as const;

/**
 * Quick phrases are sent as ids and shown in each reader's own language: players with different
 * languages (and phones, where typing is slow) can still say the usual things.
 */
export const CHAT_PHRASES = ["wellPlayed", "goodLuck", "oops", "yourTurn", "thanks", "oneMoment"] as const;
export type ChatPhrase = (typeof CHAT_PHRASES)[number];

/** A chat message's text: 1–300 characters after trimming, one line, something visible. */
export const chatTextSchema = displayText("the message", CHAT_TEXT_MAX, CHAT_TEXT_MAX * 4);

/** Who wrote a message: a seated player, the room's creator without a seat, or a spectator. */
export const CHAT_ROLES = ["player", "creator", "spectator"] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** One chat message as every reader of the room gets it. Exactly one of `text` and `phrase` is set. */
export interface ChatMessage {
  readonly id: string; // increasing within a table (the database's sequence)
  readonly at: string; // ISO 8601, when the server stored it
  /**
   * The writer's seat in the game they wrote it in, or null for a creator without a seat or a
   * spectator. The chat belongs to the table (every game "play again" started): in a later game the
   * same person may sit elsewhere, so readers recognise a player by `colour`, not by this seat.
   */
  readonly seat: Seat | null;
  /** The writer's colour at the table (SeatPublic.colour), the same in every game; null without a seat. */
  readonly colour: number | null;
  readonly role: ChatRole;
  readonly nickname: string;
  readonly text: string | null; // plain text: clients must show it as text, never as markup
  readonly phrase: ChatPhrase | null;
}
