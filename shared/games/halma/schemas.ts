import { z } from "zod";
import { SIZE } from "./board";
import { MAX_PATH } from "./path";
import type { HalmaMove, HalmaOptions } from "./types";

/**
 * Room options: none. The seat count chooses the game: 2 players (19 pieces each) or 4 (13 each);
 * 3 is not a Halma and `setup` refuses it (see SEAT_COUNTS).
 */
export const optionsSchema = z.object({}).strict() satisfies z.ZodType<HalmaOptions, unknown>;

const coordinate = z.number().int().min(0).max(SIZE - 1);

/** A move as sent by a client: the visited cells, start first. `apply` checks the rules. */
export const moveSchema = z
  .object({
    path: z.array(z.object({ row: coordinate, col: coordinate }).strict()).min(2).max(MAX_PATH),
  })
  .strict() satisfies z.ZodType<HalmaMove, unknown>;
