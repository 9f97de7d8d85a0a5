import type { ChatPhrase, ChatRole } from "../../shared/protocol";

/** Who wrote a message and what: exactly one of `text` and `phrase`. */
export interface ChatDraft {
  readonly seat: number | null;
  readonly colour: number | null;
  readonly role: ChatRole;
  readonly nickname: string;
  readonly text: string | null;
  readonly phrase: ChatPhrase | null;
}

/** What a room's chat is stored under: the room a message is written in, and the table it is read at. */
export interface ChatPlace {
  readonly roomId: string;
  readonly tableId: string;
}
