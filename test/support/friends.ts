import { randomBytes } from "node:crypto";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../shared/protocol";

export type ProfileSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Runs one query on the test database (the tests read ids the server never sends, and count rows). */
export async function query<R extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The id of the profile with this display name (test names are unique per database). */
export async function profileIdOf(databaseUrl: string, displayName: string): Promise<string> {
  const rows = await query<{ id: string }>(databaseUrl, "SELECT id FROM profiles WHERE display_name = $1", [displayName]);
  if (rows.length !== 1) throw new Error(`${rows.length} profiles named ${displayName}`);
  return rows[0]!.id;
}

/**
 * The rows a finished game leaves in `profile_results` for these profiles (one seat each), as the
 * room store writes them in the game's transaction. For server tests that are not about finishing a
 * game; the browser test finishes a real one.
 */
export async function finishedTogether(databaseUrl: string, profileIds: readonly string[], finishedAt = new Date()): Promise<string> {
  const roomId = randomBytes(16).toString("base64url");
  for (const [seat, profileId] of profileIds.entries()) {
    await query(databaseUrl, `INSERT INTO profile_results (profile_id, game_id, room_id, finished_at, seat, nickname, seats, rank, winner, rated) VALUES ($1, 'qwirkle', $2, $3, $4, $5, $6, $7, $8, false)`, [
      profileId,
      roomId,
      finishedAt,
      seat,
      `seat ${seat}`,
      profileIds.length,
      seat + 1,
      seat === 0,
    ]);
  }
  return roomId;
}

/** A socket signed in by a device's session cookie (as a browser's, which sends the cookie itself). */
export async function profileSocket(url: string, cookie: string | null): Promise<ProfileSocket> {
  const socket: ProfileSocket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: cookie ?? "" } });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

/** The next `event` the socket hears that `wanted` keeps (default any), or a failure after `timeoutMs`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ProfileSocket,
  event: E,
  wanted: (value: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listener = ((value: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!wanted(value)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(value);
    }) as never;
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, listener);
  });
}
