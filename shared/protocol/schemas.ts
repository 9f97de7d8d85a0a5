import { z } from "zod";
import { CHAT_PHRASES, chatTextSchema } from "./chat";
import { LIMITS } from "./limits";
import { BOT_SPEEDS, PACE_DAYS, type PaceDays } from "./choices";
import { chosenTokenSchema, nicknameSchema, roomIdSchema, tokenSchema } from "./identifiers";
import { wireString } from "./strings";

// What the client's first screens need on their own (identifiers.ts, choices.ts): a page that
// imports only those builds none of the schemas below (a phone's start, issue 31).
export { nicknameSchema, roomIdSchema, tokenSchema } from "./identifiers";
export { BOT_SPEEDS, PACE_DAYS, type BotSpeed, type PaceDays } from "./choices";

/** An id a client gives a move or a chat message, so that sending it again never applies it twice. */
export const clientIdSchema = wireString(64, "client id").regex(/^[A-Za-z0-9_-]{8,64}$/u, "not a client id");

export const seatIndexSchema = z.number().int().min(0).max(LIMITS.maxSeats - 1);
export const gameIdSchema = wireString(32, "game id").regex(/^[a-z0-9-]{1,32}$/u, "not a game id");
/** A computer player's id (the game's `bots[].id`). */
export const botIdSchema = wireString(32, "computer player id");

/** Platform settings chosen when a room is created (the game's own options are separate). */

export const roomSettingsSchema = z
  .object({
    /** After this long without a connection, other players may hand a seat to a computer. */
    takeoverAfterSeconds: z.number().int().min(10).max(3600).default(60),
    /** "Show my best move" for practice games. */
    hints: z.boolean().default(false),
    /** Spectators (people without a seat) may write in the chat, with a nickname. */
    spectatorChat: z.boolean().default(true),
    /**
     * The pace: null plays live; a number of days gives each turn that long, after which a computer
     * plays the turn for the absent player (issue 21). Only games with `slowPace` accept it.
     */
    paceDays: z.union(PACE_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<PaceDays>, ...z.ZodLiteral<PaceDays>[]]).nullable().default(null),
  })
  .strict();

/** POST /api/rooms */
export const createRoomSchema = z
  .object({
    gameId: gameIdSchema,
    options: z.record(wireString(64, "option name"), z.unknown()).default({}),
    settings: roomSettingsSchema.default({ takeoverAfterSeconds: 60, hints: false, spectatorChat: true, paceDays: null }),
  })
  .strict();

/** POST /api/demo: a started room where the game's computer players play each other. */
export const createDemoSchema = z.object({ gameId: gameIdSchema }).strict();

export const SEAT_KINDS = ["open", "closed", "computer"] as const; // 'human' is what an open seat becomes when claimed
export type SeatConfigKind = (typeof SEAT_KINDS)[number];

/** Client → server payloads, one schema per socket event. */
export const clientPayloadSchemas = {
  "room:watch": z
    .object({
      roomId: roomIdSchema,
      seatTokens: z.array(tokenSchema).max(LIMITS.seatTokensPerSocket).default([]),
      creatorToken: tokenSchema.optional(),
      /** The room's newest version the page has seen: a server whose copy is older reads the room again first. */
      knownVersion: z.number().int().min(0).max(2_147_483_647).optional(),
    })
    .strict(),
  // `seatToken`: chosen by the client (256 random bits), so that a claim whose answer was lost is found
  // by the next watch with it, and a resend of it is answered as the first time.
  "seat:claim": z.object({ roomId: roomIdSchema, seat: seatIndexSchema, nickname: nicknameSchema, seatToken: chosenTokenSchema.optional() }).strict(),
  "seat:configure": z
    .object({
      roomId: roomIdSchema,
      creatorToken: tokenSchema,
      seat: seatIndexSchema,
      kind: z.enum(SEAT_KINDS),
      bot: botIdSchema.optional(),
    })
    .strict(),
  "game:start": z.object({ roomId: roomIdSchema, creatorToken: tokenSchema }).strict(),
  "room:settings": z
    .object({
      roomId: roomIdSchema,
      token: tokenSchema.optional(), // a seat token or the creator token; spectators of a computers-only room have none
      botSpeed: z.enum(BOT_SPEEDS).optional(),
      hints: z.boolean().optional(),
      spectatorChat: z.boolean().optional(), // creator only
      chatMutedSeats: z.array(seatIndexSchema).max(LIMITS.maxSeats).optional(), // creator only: seats whose chat nobody sees
    })
    .strict()
    .refine(
      (p) => p.botSpeed !== undefined || p.hints !== undefined || p.spectatorChat !== undefined || p.chatMutedSeats !== undefined,
      "nothing to change",
    ),
  "seat:takeover": z
    .object({ roomId: roomIdSchema, seatToken: tokenSchema, seat: seatIndexSchema, bot: botIdSchema.optional() })
    .strict(),
  "game:pause": z.object({ roomId: roomIdSchema, creatorToken: tokenSchema }).strict(),
  "game:resume": z.object({ roomId: roomIdSchema, token: tokenSchema }).strict(), // a seat token or the creator token
  "game:move": z
    .object({
      roomId: roomIdSchema,
      seat: seatIndexSchema,
      seatToken: tokenSchema,
      move: z.unknown(), // parsed by the game's own moveSchema
      // Chosen by the client, unique per move: a resend with the same id gets the first answer (exactly once).
      moveId: clientIdSchema.optional(),
      // On a resend only: the move number of the position the move was chosen on. A move never played
      // is refused (TABLE_CHANGED) once the game moved on: the turn it was meant for is gone.
      chosenAt: z.int().min(0).max(1_000_000).optional(),
    })
    .strict(),
  /**
   * A chat message to the room this socket watches, as the seat its tokens hold (the first, or
   * `seat`), as the creator, or as a spectator with `nickname`. Exactly one of `text` and `phrase`.
   */
  "chat:send": z
    .object({
      roomId: roomIdSchema,
      text: chatTextSchema.optional(),
      phrase: z.enum(CHAT_PHRASES).optional(),
      seat: seatIndexSchema.optional(),
      nickname: nicknameSchema.optional(),
      clientId: clientIdSchema.optional(), // a resend with the same id answers the message already stored
    })
    .strict()
    .refine((p) => (p.text === undefined) !== (p.phrase === undefined), "send either a text or a phrase"),
  /**
   * After the game: a seated player asks to play again, or whoever may start the next game starts
   * it (the creator; when the creator holds no seat and is gone, the first seated human). `token` is
   * a seat token or the creator token.
   */
  "game:rematch": z.object({ roomId: roomIdSchema, token: tokenSchema }).strict(),
} as const;

export type ClientEventName = keyof typeof clientPayloadSchemas;
export type ClientPayload<E extends ClientEventName> = z.input<(typeof clientPayloadSchemas)[E]>;
export type ParsedClientPayload<E extends ClientEventName> = z.output<(typeof clientPayloadSchemas)[E]>;
export type CreateRoomRequest = z.input<typeof createRoomSchema>;
