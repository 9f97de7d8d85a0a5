import { z } from "zod";
import { LIMITS } from "./limits";
import { roomIdSchema, tokenSchema } from "./schemas";
import { wireString } from "./strings";

/**
 * Web Push: a device asks to be told when its seats are expected (POST /api/push/subscribe), and the
 * server sends it small notices. A notice says only what every player of the room already knows.
 */

/** The languages a notice can be written in. */
export const PUSH_LOCALES = ["fr", "en"] as const;
export type PushLocale = (typeof PUSH_LOCALES)[number];

/** What a notice is about. */
export const PUSH_KINDS = ["turn", "gameOver", "rematch", "invitation"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A room and the seat tokens this device holds in it (as in POST /api/my-rooms). */
export const roomTokensSchema = z
  .object({ roomId: roomIdSchema, seatTokens: z.array(tokenSchema).max(LIMITS.seatTokensPerSocket) })
  .strict();

/** A push service URL: what PushSubscription.endpoint holds. */
export const pushEndpointSchema = wireString(LIMITS.pushEndpointMax, "endpoint").regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[!-~]*)?$/u, "endpoint is not an http(s) URL");

/** The browser's subscription as `PushSubscription.toJSON()` gives it (expirationTime is not kept). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: pushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        // 65 bytes (an uncompressed P-256 point) and 16 bytes, base64url as the browser gives them.
        p256dh: wireString(88, "p256dh").regex(/^B[A-Za-z0-9_-]{86}=?$/u, "p256dh is not a base64url P-256 public key"),
        auth: wireString(24, "auth").regex(/^[A-Za-z0-9_-]{22}(==)?$/u, "auth is not a base64url 16-byte secret"),
      })
      .strict(),
  })
  .strict();

/** POST /api/push/subscribe. */
export const pushSubscribeSchema = z
  .object({
    subscription: pushSubscriptionSchema,
    locale: z.enum(PUSH_LOCALES),
    rooms: z.array(roomTokensSchema).max(LIMITS.roomsPerRequest),
  })
  .strict();

/** POST /api/push/unsubscribe: without `rooms`, every subscription of the endpoint goes. */
export const pushUnsubscribeSchema = z
  .object({ endpoint: pushEndpointSchema, rooms: z.array(roomTokensSchema).max(LIMITS.roomsPerRequest).optional() })
  .strict();

/** The JSON a push carries (decrypted by the service worker). */
export interface PushPayload {
  readonly kind: PushKind;
  readonly title: string;
  readonly body: string;
  readonly url: string; // "/r/<roomId>" (an invitation: "/r/<roomId>/join#<invitation>"): the page to open on a click
  readonly tag: string; // a newer notice with the same tag replaces the older one on the device
}
