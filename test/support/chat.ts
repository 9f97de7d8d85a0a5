import type { ChatMessage } from "../../shared/protocol";
import type { TestClient } from "./client";

/** Chat messages a client is pushed from now on, in order (the array fills as they arrive). */
export function chatOf(client: TestClient): ChatMessage[] {
  const messages: ChatMessage[] = [];
  client.socket.on("chat:message", (message) => messages.push(message));
  return messages;
}

/** Waits until `check` holds, polling every 20 ms; throws after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
