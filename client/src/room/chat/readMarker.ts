import type { ChatMessage } from "../../../../shared/protocol";

// What this device has read of a room's chat, as the id of the newest message it counted as read.
// Ids are the server's and grow with each message, so the marker holds across reloads and
// reconnections (a count or an index would not: the device keeps only the last messages).

/** Whether message `id` came after the `marker` (a message id). */
export function isAfter(id: string, marker: string): boolean {
  return BigInt(id) > BigInt(marker);
}

/** The id of the newest message, or "0" (before every message) when there is none. */
export function newestId(messages: readonly Pick<ChatMessage, "id">[]): string {
  return messages.reduce((newest, message) => (isAfter(message.id, newest) ? message.id : newest), "0");
}

/**
 * How many messages are unread: after the marker, and counted (not this device's own, not muted).
 * No marker yet means the room's history has not arrived on a first visit: nothing is unread.
 */
export function unreadCount<M extends Pick<ChatMessage, "id">>(messages: readonly M[], marker: string | null, counts: (message: M) => boolean): number {
  if (marker === null) return 0;
  return messages.filter((message) => isAfter(message.id, marker) && counts(message)).length;
}
