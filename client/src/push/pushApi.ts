import * as z from "zod/mini";
import { postJson, request, type Result } from "../lib/api";
import { myRoomsRequest } from "../lib/historyApi";
import { listStoredRooms } from "../lib/storage";

/** The server's Web Push routes (issue 21): its VAPID key, and this device's subscription per seat token. */
const keySchema = z.object({ publicKey: z.string() });
const subscribedSchema = z.object({ subscribed: z.int() });

export interface PushRoom {
  readonly roomId: string;
  readonly seatTokens: readonly string[];
}

export const fetchPushKey = (): Promise<Result<{ publicKey: string }>> => request("/api/push/key", keySchema);

/** Every seat this device holds (the same list as My games), cleaned like it: one bad key must not refuse all. */
export function pushRooms(): PushRoom[] {
  return myRoomsRequest(listStoredRooms())
    .filter((room) => room.seatTokens.length > 0)
    .map((room) => ({ roomId: room.roomId, seatTokens: room.seatTokens }));
}

export function postSubscribe(subscription: PushSubscriptionJSON, locale: "fr" | "en", rooms: readonly PushRoom[]): Promise<Result<{ subscribed: number }>> {
  return postJson("/api/push/subscribe", subscribedSchema, { subscription, locale, rooms });
}

/** Forgets the endpoint, or only these seats of it. */
export function postUnsubscribe(endpoint: string, rooms?: readonly PushRoom[]): Promise<Result<unknown>> {
  return postJson("/api/push/unsubscribe", z.unknown(), { endpoint, ...(rooms && { rooms }) });
}
