import { TableeError, type ChatRole } from "../../shared/protocol";
import { isCreator, type RoomRecord } from "../rooms/record";
import { seatsOfViewer, type Viewer } from "../rooms/snapshot";
import { colourOf } from "../rooms/table";

/** Who a chat message is from. */
export interface ChatAuthor {
  readonly seat: number | null;
  readonly colour: number | null; // the seat's colour at the table, which the writer keeps in the next games
  readonly role: ChatRole;
  readonly nickname: string;
}

/**
 * Who may write, decided from the tokens the socket watched the room with (never from the payload):
 * a seated player writes as their seat (the first they hold, or `seat` when they hold several, as in
 * pass-and-play) unless the creator muted it; the creator without a seat and spectators write with a
 * nickname, spectators only while the creator allows spectator chat.
 */
export function chatAuthor(room: RoomRecord, viewer: Viewer, wanted: { seat?: number; nickname?: string }): ChatAuthor {
  const held = seatsOfViewer(room, viewer).filter((seat): seat is number => seat !== null);
  if (wanted.seat !== undefined && !held.includes(wanted.seat)) throw new TableeError("NOT_YOUR_SEAT", "you do not hold that seat");
  const seat = wanted.seat ?? held[0];
  if (seat !== undefined) {
    if (room.settings.chatMutedSeats.includes(seat)) throw new TableeError("CHAT_MUTED", "the host muted this seat's chat");
    const record = room.seats[seat];
    return { seat, colour: record ? colourOf(record, seat) : seat, role: "player", nickname: record?.nickname ?? "?" };
  }
  const creator = isCreator(room, viewer.creatorTokenHash);
  if (!creator && !room.settings.spectatorChat) throw new TableeError("CHAT_OFF", "the host turned spectator chat off");
  if (wanted.nickname === undefined) throw new TableeError("NICKNAME_NEEDED", "choose a nickname to write in the chat");
  return { seat: null, colour: null, role: creator ? "creator" : "spectator", nickname: wanted.nickname };
}

/** Rooms followed from a finished game to the table's game in play: a table plays a few games an evening, not thousands. */
const MAX_GAMES_AHEAD = 50;

/**
 * `chatAuthor`, and — the room finished and its table playing on in a later game — the host's chat
 * settings as they are now, in that later game: the chat belongs to the table, so a player muted
 * there (or a spectator once spectator chat is off there) cannot write through the old game's page.
 * "Play again" keeps each player's token, which finds their seat in the later game.
 */
export async function tableChatAuthor(room: RoomRecord, viewer: Viewer, wanted: { seat?: number; nickname?: string }, roomOf: (id: string) => Promise<RoomRecord>): Promise<ChatAuthor> {
  const author = chatAuthor(room, viewer, wanted);
  let latest = room;
  for (let hops = 0; latest.series.nextRoomId !== null && hops < MAX_GAMES_AHEAD; hops++) {
    const next = await roomOf(latest.series.nextRoomId).catch((error: unknown) => {
      if (error instanceof TableeError && error.code === "ROOM_NOT_FOUND") return null; // deleted since: the last one found decides
      throw error;
    });
    if (next === null) break;
    latest = next;
  }
  if (latest === room) return author;
  if (author.seat !== null && seatsOfViewer(latest, viewer).some((seat) => seat !== null && latest.settings.chatMutedSeats.includes(seat))) {
    throw new TableeError("CHAT_MUTED", "the host muted this seat's chat");
  }
  if (author.role === "spectator" && !latest.settings.spectatorChat) throw new TableeError("CHAT_OFF", "the host turned spectator chat off");
  return author;
}

