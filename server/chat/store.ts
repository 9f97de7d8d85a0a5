import type { ChatMessage, ChatPhrase, ChatRole } from "../../shared/protocol";
import type { PrismaClient } from "../db/generated/client";
import { DeadlinePassedError, deadlineIn, type Deadline } from "../db/deadline";
import type { ChatDraft, ChatPlace } from "./chatDraft";
import { appendOnce, type ChatPools, type ChatRow } from "./guardedAppend";

function messageOf(row: ChatRow): ChatMessage {
  return {
    id: row.id.toString(),
    at: row.createdAt.toISOString(),
    seat: row.seat,
    colour: row.colour,
    role: row.role as ChatRole,
    nickname: row.nickname,
    text: row.text,
    phrase: row.phrase as ChatPhrase | null,
  };
}

/**
 * Chat messages in the `room_chat` table: each written in one room (deleted with it by the foreign
 * key) and read by table, so every game "play again" started shows the whole conversation.
 */
export class ChatStore {
  constructor(
    private readonly prisma: PrismaClient,
    /** With a real Postgres: its pools and DB_QUERY_TIMEOUT_MS, for appends with a deadline and a read-back (guardedAppend.ts). */
    private readonly guarded: (ChatPools & { readonly boundMs: number }) | null = null,
  ) {}

  /**
   * Stores one message and returns it as readers get it (id and time from the database). With a
   * `clientId` already stored for this room, stores nothing and returns that message (`resent`).
   * With a client id on Postgres, a lost answer is read back (UncertainWriteError when it cannot be).
   */
  /** `deadline`: the request's (its room's load included); a guarded insert is refused or read back within it. */
  async append(place: ChatPlace, draft: ChatDraft, clientId: string | null = null, deadline: Deadline = null): Promise<{ message: ChatMessage; resent: boolean; draft: ChatDraft }> {
    const { roomId, tableId } = place;
    if (clientId === null) {
      const row = await this.prisma.chatMessage.create({ data: { roomId, tableId, ...draft } });
      return { message: messageOf(row), resent: false, draft };
    }
    const inserted = this.guarded
      ? await appendOnce(this.guarded, place, draft, clientId, deadline ?? deadlineIn(this.guarded.boundMs) ?? Date.now() + this.guarded.boundMs)
      : (
          await this.prisma.$queryRaw<ChatRow[]>`
            INSERT INTO room_chat (room_id, table_id, seat, colour, role, nickname, text, phrase, client_id)
            VALUES (${roomId}, ${tableId}, ${draft.seat}, ${draft.colour}, ${draft.role}, ${draft.nickname}, ${draft.text}, ${draft.phrase}, ${clientId})
            ON CONFLICT (room_id, client_id) DO NOTHING
            RETURNING id, seat, colour, role, nickname, text, phrase, created_at AS "createdAt"`
        )[0];
    if (inserted) return { message: messageOf(inserted), resent: false, draft };
    const stored = await this.prisma.chatMessage.findUnique({ where: { roomId_clientId: { roomId, clientId } } });
    if (!stored) throw new DeadlinePassedError(); // a guarded insert the database ran after its deadline: nothing stored
    const storedDraft: ChatDraft = { seat: stored.seat, colour: stored.colour, role: stored.role as ChatRole, nickname: stored.nickname, text: stored.text, phrase: stored.phrase as ChatPhrase | null };
    return { message: messageOf(stored), resent: true, draft: storedDraft };
  }

  /** The table's last `count` messages, from all its rooms, oldest first. */
  async recent(tableId: string, count: number): Promise<ChatMessage[]> {
    const rows = await this.prisma.chatMessage.findMany({ where: { tableId }, orderBy: { id: "desc" }, take: count });
    return rows.reverse().map(messageOf);
  }
}
