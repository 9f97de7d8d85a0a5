import type { IncomingMessage } from "node:http";
import type { TableeServer } from "../socket/socketTypes";
import { profileChannel, sessionChannel, type Profiles } from "./index";
import { sessionTokenIn } from "./sessions";

/** An engine.io connection as app.ts sees it: its first request (dropped to save memory), and what we keep of it. */
export interface RawConnection {
  request: IncomingMessage | null;
  sessionToken?: string;
}

/**
 * Keeps the session cookie's token of a new connection's first request: app.ts drops that request
 * (and with it the headers socket.io would copy into the handshake) before the handshake is built.
 */
export function keepSessionToken(connection: RawConnection): void {
  const token = sessionTokenIn(connection.request?.headers.cookie);
  if (token) connection.sessionToken = token;
}

/**
 * At the handshake, the socket learns its profile from the session cookie the browser sent (never
 * from a payload) and joins the profile's channel, where its devices' notices go. A guest, or a
 * session that cannot be read (database away), connects as a guest: playing never waits on profiles.
 */
export function attachSocketProfiles(io: TableeServer, profiles: Profiles, onError: (error: unknown) => void): void {
  io.use((socket, next) => {
    const token = (socket.conn as unknown as RawConnection).sessionToken;
    socket.data.profileId = null;
    if (!token) return next();
    profiles.sessions.profileOf(token).then(
      (profileId) => {
        socket.data.profileId = profileId;
        if (profileId) void socket.join([profileChannel(profileId), sessionChannel(token)]);
        next();
      },
      (error: unknown) => {
        onError(error);
        next();
      },
    );
  });
}
