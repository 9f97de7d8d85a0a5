import type { FastifyInstance, RouteShorthandOptions } from "fastify";
import { pushSubscribeSchema, pushUnsubscribeSchema, TableeError } from "../../shared/protocol";
import { parseBody } from "./parseBody";
import { pushEndpointRefusal } from "../push/endpoint";
import type { PushStore } from "../push/store";
import { seatOfToken } from "../rooms/record";
import type { RoomService } from "../rooms/service";
import { hashToken } from "../rooms/tokens";
import { lookupWith } from "../profiles/seats";
import { sessionTokenIn, type SessionStore } from "../profiles/sessions";

/**
 * Web Push subscriptions (docs/protocol.md). A device subscribes its seats, by token, room by room;
 * only the tokens' hashes are stored, and only for tokens that hold a seat. POST: tokens are secrets.
 */
export function registerPushRoutes(
  app: FastifyInstance,
  rooms: RoomService,
  push: { readonly publicKey: string; readonly store: PushStore; readonly allowLocalEndpoints: boolean },
  tokenListLimit: RouteShorthandOptions,
  sessions: Pick<SessionStore, "profileOf">,
): void {
  app.get("/api/push/key", async () => ({ publicKey: push.publicKey }));

  app.post("/api/push/subscribe", tokenListLimit, async (request) => {
    const body = parseBody(pushSubscribeSchema, request.body);
    const refusal = pushEndpointRefusal(body.subscription.endpoint, push.allowLocalEndpoints);
    if (refusal !== null) throw new TableeError("BAD_REQUEST", `subscription.endpoint: not a public https push service (${refusal})`);
    const seats = new Map<string, { roomId: string; seatTokenHash: string }>();
    const lookup = lookupWith((roomId) => rooms.get(roomId));
    for (const entry of body.rooms) {
      const room = await lookup(entry.roomId);
      if (!room) continue;
      for (const token of entry.seatTokens) {
        const seatTokenHash = hashToken(token);
        if (seatOfToken(room, seatTokenHash) !== null) seats.set(`${room.id} ${seatTokenHash}`, { roomId: room.id, seatTokenHash });
      }
    }
    const { endpoint, keys } = body.subscription;
    // Signed in (a live session): the profile's invitations reach this device too, until that session ends.
    const cookie = sessionTokenIn(request.headers.cookie);
    const sessionHash = cookie !== undefined && (await sessions.profileOf(cookie)) !== null ? hashToken(cookie) : null;
    await push.store.save([...seats.values()].map((seat) => ({ ...seat, endpoint, keys, locale: body.locale, sessionHash })));
    return { subscribed: seats.size };
  });

  app.post("/api/push/unsubscribe", async (request) => {
    const body = parseBody(pushUnsubscribeSchema, request.body);
    const seats = body.rooms?.flatMap((entry) => entry.seatTokens.map((token) => ({ roomId: entry.roomId, seatTokenHash: hashToken(token) })));
    return { removed: await push.store.remove(body.endpoint, seats) };
  });
}
