import { TableeError } from "../../../shared/protocol";
import { isCreator, type RoomRecord } from "../record";
import { hashToken } from "../tokens";

/** Who may ask for a change: checks commands share. */

export function requireCreator(room: RoomRecord, creatorToken: string): void {
  if (!isCreator(room, hashToken(creatorToken))) throw new TableeError("NOT_CREATOR", "only the room's creator may do this");
}
