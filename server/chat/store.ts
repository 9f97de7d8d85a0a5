import type { ChatMessage, ChatPhrase, ChatRole } from "../../shared/protocol";
import type { PrismaClient } from "../db/generated/client";

/** Who wrote a message and what: exactly one of `text` and `phrase`. */
export interface ChatDraft {
  readonly seat: number | null;
  readonly role: ChatRole;
  readonly nickname: string;
  readonly text: string | null;
  readonly phrase: ChatPhrase | null;
}

type ChatRow = { id: bigint; seat: number | null; role: string; nickname: string; text: string | null; phrase: string | null; createdAt: Date };

function messageOf(row: ChatRow): ChatMessage {
  return {
    id: row.id.toString(),
    at: row.createdAt.toISOString(),
    seat: row.seat,
    role: row.role as ChatRole,
    nickname: row.nickname,
    text: row.text,
    phrase: row.phrase as ChatPhrase | null,
  };
}

/** Chat messages in the `room_chat` table (deleted with their room by the foreign key). */
export class ChatStore {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Stores one message and returns it as readers get it (id and time from the database). With a
   * `clientId` already stored for this room, stores nothing and returns that message (`resent`).
   */
  async append(roomId: string, draft: ChatDraft, clientId: string | null = null): Promise<{ message: ChatMessage; resent: boolean; draft: ChatDraft }> {
    if (clientId !== null) {
      const inserted = await this.prisma.$queryRaw<ChatRow[]>`
        INSERT INTO room_chat (room_id, seat, role, nickname, text, phrase, client_id)
        VALUES (${roomId}, ${draft.seat}, ${draft.role}, ${draft.nickname}, ${draft.text}, ${draft.phrase}, ${clientId})
        ON CONFLICT (room_id, client_id) DO NOTHING
        RETURNING id, seat, role, nickname, text, phrase, created_at AS "createdAt"`;
      if (inserted[0]) return { message: messageOf(inserted[0]), resent: false, draft };
      const stored = await this.prisma.chatMessage.findUniqueOrThrow({ where: { roomId_clientId: { roomId, clientId } } });
      return { message: messageOf(stored), resent: true, draft: { seat: stored.seat, role: stored.role as ChatRole, nickname: stored.nickname, text: stored.text, phrase: stored.phrase as ChatPhrase | null } };
    }
    const row = await this.prisma.chatMessage.create({ data: { roomId, ...draft } });
    return { message: messageOf(row), resent: false, draft };
  }

  /** The room's last `count` messages, oldest first. */
  async recent(roomId: string, count: number): Promise<ChatMessage[]> {
    const rows = await this.prisma.chatMessage.findMany({ where: { roomId }, orderBy: { id: "desc" }, take: count });
    return rows.reverse().map(messageOf);
  }
}
