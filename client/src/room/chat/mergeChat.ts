import type { ChatMessage } from "../../../../shared/protocol";

/** Chat messages kept on the page (the server sends the last 100 on every watch). */
export const CHAT_KEPT = 200;

/** Chat history from a (re)watch merged with what we already have, by id, oldest first. */
export function mergeChat(known: readonly ChatMessage[], history: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of [...known, ...history]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0)).slice(-CHAT_KEPT);
}
