import { z } from "zod";
import { LAYOUTS } from "./layouts";
import { LEVELS, type MahjongMove, type MahjongOptions } from "./types";

/** The largest place id of any layout: selections beyond it are refused by the schema. */
export const MAX_TILE_ID = Math.max(...Object.values(LAYOUTS).map((layout) => layout.length)) - 1;

/** Room options: the level, easy by default. */
export const optionsSchema = z
  .object({ level: z.enum(LEVELS).default("easy") })
  .strict() satisfies z.ZodType<MahjongOptions, unknown>;

/** A move as sent by a client; `apply` still checks the turn, the tile and the rules. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("select"), tile: z.number().int().min(0).max(MAX_TILE_ID) }).strict(),
  z.object({ type: z.literal("shuffle") }).strict(),
  z.object({ type: z.literal("endTurn") }).strict(),
]) satisfies z.ZodType<MahjongMove, unknown>;
