import { z } from "zod";
import { BOARDS, COLORS, MODES, SHAPES, type QwirkleMove, type QwirkleOptions } from "./types";
import { HAND_SIZE } from "./tiles";

/** Coordinates on the wire are bounded even on the open board, so a hostile payload cannot make huge keys. */
export const MAX_COORDINATE = 10_000;

const coordinate = z.number().int().min(-MAX_COORDINATE).max(MAX_COORDINATE);
const tileShape = { shape: z.enum(SHAPES), color: z.literal(COLORS) };

/** Room options: the tile set and the board, both optional with the seed's defaults. */
export const optionsSchema = z
  .object({
    mode: z.enum(MODES).default("normal"),
    board: z.enum(BOARDS).default("12x26"),
  })
  .strict() satisfies z.ZodType<QwirkleOptions, unknown>;

/** A move as sent by a client; `apply` still checks everything a schema cannot (turn, hand, rules). */
export const moveSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("place"),
      placements: z.array(z.object({ row: coordinate, col: coordinate, ...tileShape }).strict()).min(1).max(HAND_SIZE),
    })
    .strict(),
  z
    .object({
      type: z.literal("exchange"),
      tiles: z.array(z.object(tileShape).strict()).min(1).max(HAND_SIZE),
    })
    .strict(),
  z.object({ type: z.literal("pass") }).strict(),
]) satisfies z.ZodType<QwirkleMove, unknown>;
