import type { FastifyInstance } from "fastify";
import { friendAnswerSchema, friendAskSchema, friendInviteSchema, friendJoinSchema, friendRemoveSchema, TableeError, type FriendJoined, type FriendsOverview } from "../../shared/protocol";
import { isInvitation, joinTable, type Friends } from "../friends";
import { joinSeatTokenOf } from "../friends/handles";
import type { Profiles } from "../profiles";
import { heldTokens, lookupWith } from "../profiles/seats";
import type { RoomService } from "../rooms/service";
import { parseBody } from "./parseBody";
import { signedIn } from "./signedIn";

/** What the friend routes need. */
export interface FriendRouteDeps {
  readonly profiles: Profiles;
  readonly friends: Friends;
  readonly rooms: RoomService;
  readonly perMinute: number; // requests per minute and address, on each route
}

/**
 * Friends (docs/protocol.md, "Friends"): the lists, requests and answers, removing, inviting a friend
 * to a table and taking the seat one was invited to. Signed-in only (the session cookie); each route
 * has its own per-address limit; bodies are checked by shared/protocol/friends.ts; cross-site POSTs
 * never get here (crossSite.ts). People are named by handles (server/friends/handles.ts), never ids.
 */
export function registerFriendRoutes(app: FastifyInstance, deps: FriendRouteDeps): void {
  const { profiles, friends, rooms } = deps;
  const limited = { config: { rateLimit: { max: deps.perMinute, timeWindow: "1 minute" } } };
  // The lists are read again after each action and at each `friends:changed` (every device of both people).
  const reading = { config: { rateLimit: { max: deps.perMinute * 4, timeWindow: "1 minute" } } };

  app.get("/api/friends", reading, async (request, reply): Promise<FriendsOverview> => {
    reply.header("cache-control", "no-store");
    return friends.overview(await signedIn(profiles, request));
  });

  app.post("/api/friends/ask", limited, async (request) => {
    const me = await signedIn(profiles, request);
    return friends.ask(me, parseBody(friendAskSchema, request.body).handle);
  });

  app.post("/api/friends/answer", limited, async (request) => {
    const me = await signedIn(profiles, request);
    const body = parseBody(friendAnswerSchema, request.body);
    return friends.answer(me, body.handle, body.accept);
  });

  app.post("/api/friends/remove", limited, async (request) => {
    const me = await signedIn(profiles, request);
    return friends.remove(me, parseBody(friendRemoveSchema, request.body).handle);
  });

  // The inviter proves a place at the table with a token of the room (a seat, or the creator's).
  app.post("/api/friends/invite", limited, async (request) => {
    const me = await signedIn(profiles, request);
    const body = parseBody(friendInviteSchema, request.body);
    const room = await rooms.get(body.room.roomId);
    const held = await heldTokens([body.room], lookupWith(async () => room));
    if (held.length === 0) throw new TableeError("NOT_AT_TABLE", "invite from a table you sit at (or created)");
    return friends.invite(me, body.handle, room, rooms.gameOf(room));
  });

  // One tap on an invitation: a free seat under the display name; the profile's other devices get the seat too.
  app.post("/api/friends/join", limited, async (request): Promise<FriendJoined> => {
    const me = await signedIn(profiles, request);
    const body = parseBody(friendJoinSchema, request.body);
    if (!isInvitation(me, body.roomId, body.invitation)) throw new TableeError("NOT_INVITED", "this invitation is not yours, or not to this table");
    const name = await friends.store.displayName(me);
    if (name === null) throw new TableeError("NOT_SIGNED_IN", "this profile no longer exists");
    // Claimed with the profile's own token for the room: its devices tapping at once take one seat.
    const deps = { get: (id: string) => rooms.get(id), claim: (id: string, seat: number, nickname: string, token: string) => rooms.claimSeat(id, seat, nickname, token), held: () => profiles.seats.of(me) };
    const joined = await joinTable(body.roomId, name, joinSeatTokenOf(me, body.roomId), deps);
    const added = await profiles.seats.add(me, [{ roomId: joined.roomId, token: joined.seatToken, creator: false }]);
    if (added > 0) profiles.seatsChanged(me, (await profiles.seats.of(me)).length);
    return joined;
  });
}
