import * as z from "zod/mini";
import type { HeldRoom, PasskeyInfo, ProfileMe } from "../../../shared/protocol";
import { postJson, request, type Result } from "../lib/api";

/** The server's answers, checked like any input (docs/protocol.md, "Profiles"). */
const passkeySchema: z.ZodMiniType<PasskeyInfo> = z.object({ id: z.string(), label: z.string(), createdAt: z.string(), lastUsedAt: z.nullable(z.string()) });
const meSchema: z.ZodMiniType<ProfileMe> = z.object({ displayName: z.string(), passkeys: z.array(passkeySchema) });
const heldRoomSchema: z.ZodMiniType<HeldRoom> = z.object({ roomId: z.string(), seatTokens: z.array(z.string()), creatorToken: z.optional(z.string()) });
/** `checkLeftMs`: how long the session's passkey check still counts (passkeyCheck.ts). */
export const signedInSchema = z.object({ profile: meSchema, rooms: z.array(heldRoomSchema), checkLeftMs: z.optional(z.number()) });
const meAnswerSchema = z.object({ profile: z.nullable(meSchema), checkLeftMs: z.optional(z.number()) });
export const profileAnswerSchema = z.object({ profile: meSchema });
export const optionsSchema = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });
const linkSchema = z.object({ token: z.string(), path: z.string(), expiresAt: z.string() });

export type SignedIn = z.infer<typeof signedInSchema>;

export const fetchMe = () => request("/api/profile", meAnswerSchema, { cache: "no-store" });

export const removePasskey = (passkeyId: string) => postJson("/api/profile/passkeys/remove", profileAnswerSchema, { passkeyId });
export const newSignInLink = () => postJson("/api/profile/link", linkSchema, {});
export const peekSignInLink = (token: string) => postJson("/api/profile/link/peek", z.object({ displayName: z.string() }), { token });
export const redeemSignInLink = (token: string) => postJson("/api/profile/link/redeem", signedInSchema, { token });
export const syncSeats = (rooms: HeldRoom[]) => postJson("/api/profile/seats", z.object({ rooms: z.array(heldRoomSchema) }), { rooms });
export const signOut = (everywhere: boolean) => postJson("/api/profile/signout", z.object({ signedOut: z.literal(true) }), { everywhere });
export const deleteProfile = () => postJson("/api/profile/delete", z.object({ deleted: z.literal(true) }), {});
