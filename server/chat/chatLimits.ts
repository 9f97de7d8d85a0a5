import { RateLimiterMemory } from "rate-limiter-flexible";
import { CHAT_ADDRESS_RATE, CHAT_RATE, TableeError } from "../../shared/protocol";

/**
 * The chat's two caps: messages per connection, and per address at a table (the next game is a new
 * room, not a new allowance). Each refusal names the cap that refused it, with its true numbers
 * (docs/protocol.md lists both). A message that was not stored, or a resend answered with the message
 * already stored, gives its allowance back: a phone on a bad connection resending is not muted for it.
 */
export class ChatLimits {
  private readonly perConnection = new RateLimiterMemory({ keyPrefix: "chat", points: CHAT_RATE.messages, duration: CHAT_RATE.seconds });
  private readonly perAddress = new RateLimiterMemory({ keyPrefix: "chat-address", points: CHAT_ADDRESS_RATE.messages, duration: CHAT_ADDRESS_RATE.seconds });

  /** Takes one message from both caps (RATE_LIMITED when either is spent); returns how to give it back. */
  async take(socketId: string, tableId: string, address: string): Promise<() => void> {
    await this.perConnection.consume(socketId).catch(() => {
      throw new TableeError("RATE_LIMITED", `at most ${CHAT_RATE.messages} chat messages every ${CHAT_RATE.seconds} seconds from one connection`);
    });
    const addressKey = `${tableId}|${address}`;
    await this.perAddress.consume(addressKey).catch(() => {
      void this.perConnection.reward(socketId, 1); // refused: this connection's message was not sent either
      throw new TableeError("RATE_LIMITED", `at most ${CHAT_ADDRESS_RATE.messages} chat messages every ${CHAT_ADDRESS_RATE.seconds} seconds from one address at a table`);
    });
    return () => {
      void this.perConnection.reward(socketId, 1);
      void this.perAddress.reward(addressKey, 1);
    };
  }

  /** A connection gone: its allowance is forgotten (the address's stays for its window). */
  forget(socketId: string): void {
    void this.perConnection.delete(socketId);
  }
}
