import { z } from "zod";
import { FRIEND_RELATIONS, type FriendJoined, type FriendLink, type FriendRelation, type FriendsOverview, type HeldRoom, type PlayedWithPerson } from "../../../shared/protocol";
import { postJson, request } from "../lib/api";

/** The server's answers, checked like any input (docs/protocol.md, "Friends"). */
const person = { handle: z.string(), displayName: z.string() };
const linkSchema: z.ZodType<FriendLink> = z.object({ ...person, since: z.string() });
const playedWithSchema: z.ZodType<PlayedWithPerson> = z.object({ ...person, lastPlayedAt: z.string(), games: z.number().int(), relation: z.enum(FRIEND_RELATIONS) });
const overviewSchema: z.ZodType<FriendsOverview> = z.object({ friends: z.array(linkSchema), incoming: z.array(linkSchema), outgoing: z.array(linkSchema), playedWith: z.array(playedWithSchema) });
const relationSchema: z.ZodType<{ relation: FriendRelation }> = z.object({ relation: z.enum(FRIEND_RELATIONS) });
const joinedSchema: z.ZodType<FriendJoined> = z.object({ roomId: z.string(), seat: z.number().int(), seatToken: z.string() });

export const fetchFriends = () => request("/api/friends", overviewSchema, { cache: "no-store" });
export const askFriend = (handle: string) => postJson("/api/friends/ask", relationSchema, { handle });
export const answerFriend = (handle: string, accept: boolean) => postJson("/api/friends/answer", relationSchema, { handle, accept });
export const removeFriend = (handle: string) => postJson("/api/friends/remove", relationSchema, { handle });
export const inviteFriend = (handle: string, room: HeldRoom) => postJson("/api/friends/invite", z.object({ invited: z.string() }), { handle, room });
export const joinInvited = (roomId: string, invitation: string) => postJson("/api/friends/join", joinedSchema, { roomId, invitation });
