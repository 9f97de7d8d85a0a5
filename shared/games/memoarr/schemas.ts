import { z } from "zod";
import type { MemoarrMove, MemoarrOptions } from "./types";

/** Room options, all optional with Tablée's defaults. */
export const optionsSchema = z
  .object({
    expertRules: z.boolean().default(false),
    expertDisplay: z.boolean().default(false),
    peekSeconds: z.number().int().min(1).max(30).default(5),
  })
  .strict() satisfies z.ZodType<MemoarrOptions, unknown>;

/** A cell in the seed's notation; the centre C3 passes the schema and `apply` refuses it (BAD_CELL). */
const cell = z.string().regex(/^[A-E][1-5]$/u);

/** A move as sent by a client; `apply` checks everything else (phase, turn, the cell's state, powers). */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }).strict(),
  z.object({ type: z.literal("reveal"), cell }).strict(),
  z.object({ type: z.literal("swap"), cell }).strict(),
  z.object({ type: z.literal("hide"), cell }).strict(),
  z.object({ type: z.literal("skip") }).strict(),
  z.object({ type: z.literal("forbid"), cell }).strict(),
]) satisfies z.ZodType<MemoarrMove, unknown>;
