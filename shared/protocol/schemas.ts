import { z } from "zod";
import { LIMITS } from "./limits";

/** Control characters (C0, DEL, C1) and Unicode line/paragraph separators are refused in names. */
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

export const nicknameSchema = z
  .string()
  .max(200) // cap before trimming so a huge string is refused cheaply
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, "nickname is empty")
      .max(LIMITS.nicknameMax, `nickname longer than ${LIMITS.nicknameMax}`)
      .refine((s) => !CONTROL_CHARS.test(s), "nickname has control characters"),
  );

export const roomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/u, "not a room id");
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/u, "not a token");
export const seatIndexSchema = z.number().int().min(0).max(LIMITS.maxSeats - 1);
export const gameIdSchema = z.string().regex(/^[a-z0-9-]{1,32}$/u);

/** How fast computer players move (the speed control of bot-only rooms); `paused` stops them. */
export const BOT_SPEEDS = ["paused", "slow", "normal", "fast"] as const;
export type BotSpeed = (typeof BOT_SPEEDS)[number];

/** Platform settings chosen when a room is created (the game's own options are separate). */
export const roomSettingsSchema = z
  .object({
    /** After this long without a connection, other players may hand a seat to a computer. */
    takeoverAfterSeconds: z.number().int().min(10).max(3600).default(60),
    /** "Show my best move" for practice games. */
    hints: z.boolean().default(false),
  })
  .strict();

/** POST /api/rooms */
export const createRoomSchema = z
  .object({
    gameId: gameIdSchema,
    options: z.record(z.string().max(64), z.unknown()).default({}),
    settings: roomSettingsSchema.default({ takeoverAfterSeconds: 60, hints: false }),
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
    })
    .strict(),
  "seat:claim": z.object({ roomId: roomIdSchema, seat: seatIndexSchema, nickname: nicknameSchema }).strict(),
  "seat:configure": z
    .object({
      roomId: roomIdSchema,
      creatorToken: tokenSchema,
      seat: seatIndexSchema,
      kind: z.enum(SEAT_KINDS),
      bot: z.string().max(32).optional(),
    })
    .strict(),
  "game:start": z.object({ roomId: roomIdSchema, creatorToken: tokenSchema }).strict(),
  "room:settings": z
    .object({
      roomId: roomIdSchema,
      token: tokenSchema.optional(), // a seat token or the creator token; spectators of a computers-only room have none
      botSpeed: z.enum(BOT_SPEEDS).optional(),
      hints: z.boolean().optional(),
    })
    .strict()
    .refine((p) => p.botSpeed !== undefined || p.hints !== undefined, "nothing to change"),
  "seat:takeover": z
    .object({ roomId: roomIdSchema, seatToken: tokenSchema, seat: seatIndexSchema, bot: z.string().max(32).optional() })
    .strict(),
  "game:pause": z.object({ roomId: roomIdSchema, creatorToken: tokenSchema }).strict(),
  "game:resume": z.object({ roomId: roomIdSchema, token: tokenSchema }).strict(), // a seat token or the creator token
  "game:move": z
    .object({
      roomId: roomIdSchema,
      seat: seatIndexSchema,
      seatToken: tokenSchema,
      move: z.unknown(), // parsed by the game's own moveSchema
    })
    .strict(),
} as const;

export type ClientEventName = keyof typeof clientPayloadSchemas;
export type ClientPayload<E extends ClientEventName> = z.input<(typeof clientPayloadSchemas)[E]>;
export type ParsedClientPayload<E extends ClientEventName> = z.output<(typeof clientPayloadSchemas)[E]>;
export type CreateRoomRequest = z.input<typeof createRoomSchema>;
