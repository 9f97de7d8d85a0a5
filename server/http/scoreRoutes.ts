import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { gameIdSchema, LIMITS, TableeError, wireString } from "../../shared/protocol";
import type { PrismaClient } from "../db/generated/client";
import { leaderboard, listScores, scoresCsv } from "../scores/queries";

/** The score list's ids are Postgres bigints: a cursor past the largest is no page of it. */
const MAX_ID = 2n ** 63n - 1n;

/** An empty filter (`?game=`) means no filter, as hand-built links expect. */
const emptyAsMissing = (value: unknown) => (value === "" ? undefined : value);

const listQuery = z
  .object({
    game: z.preprocess(emptyAsMissing, gameIdSchema.optional()),
    nickname: z.preprocess(emptyAsMissing, wireString(200, "nickname").trim().min(1).max(LIMITS.nicknameMax).optional()),
    cursor: wireString(19, "cursor")
      .regex(/^\d{1,19}$/u, "not a cursor")
      .refine((text) => BigInt(text) <= MAX_ID, "not a cursor")
      .optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

const leaderboardQuery = z.object({ game: gameIdSchema }).strict();

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new TableeError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "bad query");
  return parsed.data;
}

/** The public score list: pages, leaderboard and CSV export (documented in docs/protocol.md). */
export function registerScoreRoutes(app: FastifyInstance, prisma: PrismaClient): void {
  app.get("/api/scores", async (request) => {
    const query = parse(listQuery, request.query);
    return listScores(prisma, { gameId: query.game, nickname: query.nickname }, query.cursor ?? null, query.limit);
  });

  app.get("/api/scores/leaderboard", async (request) => {
    const query = parse(leaderboardQuery, request.query);
    return { gameId: query.game, rows: await leaderboard(prisma, query.game) };
  });

  // Streamed a page at a time (up to 100,000 rows: about 15 MB never held at once), a few a minute per address.
  app.get("/api/scores.csv", { config: { rateLimit: { max: CSV_PER_MINUTE, timeWindow: "1 minute" } } }, async (request, reply) => {
    const query = parse(listQuery.omit({ cursor: true, limit: true }), request.query);
    const chunks = scoresCsv(prisma, { gameId: query.game, nickname: query.nickname });
    // The header and the first page are read before answering: a database away is a 503, not a cut download.
    const head: string[] = [];
    while (head.length < 2) {
      const next = await chunks.next();
      if (next.done === true) break;
      head.push(next.value);
    }
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="tablee-scores.csv"')
      .send(Readable.from(followedBy(head, chunks)));
  });
}

/** The CSV export's requests per address and minute: it reads the whole list. */
const CSV_PER_MINUTE = 6;

async function* followedBy(head: readonly string[], rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield* head;
  yield* rest;
}
