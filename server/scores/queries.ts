import { Prisma, type PrismaClient } from "../db/generated/client";

/** A score row as the API returns it (the id as a string: it is a BIGINT). */
export interface ScoreRow {
  readonly id: string;
  readonly gameId: string;
  readonly gameName: string;
  /** The game's replay, by its public name; never the room's id (its link: the table, its chat, its next game). Null: the room is gone. */
  readonly replayId: string | null;
  readonly seat: number;
  readonly nickname: string;
  readonly isComputer: boolean;
  readonly botLevel: string | null;
  readonly score: number;
  readonly rank: number;
  readonly winner: boolean;
  readonly finishedAt: string;
  readonly optionsSummary: string;
}

export interface ScoreFilter {
  readonly gameId?: string | undefined;
  readonly nickname?: string | undefined; // case-insensitive, exact
}

interface DbScoreRow {
  id: bigint;
  game_id: string;
  game_name: string;
  replay_id: string | null;
  seat: number;
  nickname: string;
  is_computer: boolean;
  bot_level: string | null;
  score: number;
  rank: number;
  winner: boolean;
  finished_at: Date;
  options_summary: string;
}

function toRow(row: DbScoreRow): ScoreRow {
  return {
    id: row.id.toString(),
    gameId: row.game_id,
    gameName: row.game_name,
    replayId: row.replay_id,
    seat: row.seat,
    nickname: row.nickname,
    isComputer: row.is_computer,
    botLevel: row.bot_level,
    score: row.score,
    rank: row.rank,
    winner: row.winner,
    finishedAt: new Date(row.finished_at).toISOString(),
    optionsSummary: row.options_summary,
  };
}

/**
 * The filter as SQL. Written by hand so each filter hits its index: (game_id, id DESC) and
 * (lower(nickname), id DESC); the cursor is the last id seen (keyset pagination: a deep page costs
 * the same as the first).
 */
function whereClause(filter: ScoreFilter, beforeId: bigint | null): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.gameId) parts.push(Prisma.sql`s.game_id = ${filter.gameId}`);
  if (filter.nickname) parts.push(Prisma.sql`lower(s.nickname) = lower(${filter.nickname})`);
  if (beforeId !== null) parts.push(Prisma.sql`s.id < ${beforeId}`);
  return parts.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(parts, " AND ")}`;
}

/** One page of the list, newest first (the order games ended: the seed's unsorted history). */
export async function listScores(
  prisma: PrismaClient,
  filter: ScoreFilter,
  cursor: string | null,
  limit: number,
): Promise<{ entries: ScoreRow[]; nextCursor: string | null }> {
  const before = cursor === null ? null : BigInt(cursor);
  const rows = await prisma.$queryRaw<DbScoreRow[]>`
    SELECT s.id, s.game_id, s.game_name, r.replay_id, s.seat, s.nickname, s.is_computer, s.bot_level, s.score, s.rank, s.winner, s.finished_at, s.options_summary
    FROM score_entries s LEFT JOIN rooms r ON r.id = s.room_id ${whereClause(filter, before)}
    ORDER BY s.id DESC LIMIT ${limit + 1}`;
  const entries = rows.slice(0, limit).map(toRow);
  return { entries, nextCursor: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/** A human's row, or one computer level's (computers never merge with a human of the same name). */
export interface LeaderboardRow {
  readonly nickname: string;
  readonly isComputer: boolean;
  readonly botLevel: string | null;
  readonly games: number;
  readonly wins: number;
  readonly bestScore: number;
}

/** Per nickname for one game: games played, wins and best score; most wins first. */
export async function leaderboard(prisma: PrismaClient, gameId: string, limit = 50): Promise<LeaderboardRow[]> {
  const rows = await prisma.$queryRaw<{ nickname: string; is_computer: boolean; bot_level: string | null; games: bigint; wins: bigint; best: number }[]>`
    SELECT min(nickname) AS nickname, is_computer, bot_level, count(*) AS games, count(*) FILTER (WHERE winner) AS wins, max(score) AS best
    FROM score_entries WHERE game_id = ${gameId}
    GROUP BY lower(nickname), is_computer, bot_level
    ORDER BY wins DESC, best DESC, games DESC LIMIT ${limit}`;
  return rows.map((r) => ({ nickname: r.nickname, isComputer: r.is_computer, botLevel: r.bot_level, games: Number(r.games), wins: Number(r.wins), bestScore: r.best }));
}

const CSV_COLUMNS = ["id", "finishedAt", "gameId", "gameName", "replayId", "seat", "nickname", "isComputer", "botLevel", "score", "rank", "winner", "optionsSummary"] as const;

/**
 * RFC 4180 quoting; a text's leading =, +, - or @ is neutralised so a spreadsheet never runs a
 * nickname as a formula. Numbers are left as they are: a negative score (WHIS) stays a number.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The filtered list as CSV, newest first, read page by page (at most `maxRows` rows). */
export async function* scoresCsv(prisma: PrismaClient, filter: ScoreFilter, maxRows = 100_000): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  let cursor: string | null = null;
  let sent = 0;
  do {
    const page = await listScores(prisma, filter, cursor, 1000);
    if (page.entries.length > 0) yield page.entries.map((row) => `${CSV_COLUMNS.map((c) => csvCell(row[c])).join(",")}\r\n`).join(""); // a page a chunk
    sent += page.entries.length;
    cursor = page.nextCursor;
  } while (cursor !== null && sent < maxRows);
}
