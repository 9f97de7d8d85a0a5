import type { RoomRecord } from "../rooms/record";

/** What the seats of one room look like from one process: the seats some local socket holds. */
export interface PresenceReport {
  readonly processId: string;
  readonly roomId: string;
  readonly seats: readonly number[];
}

/**
 * Messages between server processes (socket.io's serverSideEmit, carried by the Redis adapter; a
 * process does not receive its own). Rooms travel whole, secrets included: this channel never leaves
 * the servers and their Redis, like the database.
 */
export interface InterServerEvents {
  "room:changed": (room: string) => void;
  "presence:report": (report: PresenceReport) => void;
  "process:alive": (processId: string) => void;
  "process:hello": (processId: string) => void;
  "process:gone": (processId: string) => void;
}

export function encodeRoom(room: RoomRecord): string {
  return JSON.stringify(room);
}

export function decodeRoom(text: string): RoomRecord {
  const raw = JSON.parse(text) as RoomRecord & { createdAt: string; updatedAt: string };
  return { ...raw, createdAt: new Date(raw.createdAt), updatedAt: new Date(raw.updatedAt) };
}
