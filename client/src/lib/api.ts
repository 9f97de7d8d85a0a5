import { z } from "zod";
import type { CreateRoomResponse, PaceDays, WireError } from "../../../shared/protocol";
import { ERROR_CODES } from "../../../shared/protocol/errors";

/** The server's answers are checked like any other input: a bad deploy shows an error, not a blank page. */
const namesSchema = z.object({ fr: z.string(), en: z.string() });

const gameInfoSchema = z.object({
  id: z.string(),
  names: namesSchema,
  minSeats: z.number().int(),
  maxSeats: z.number().int(),
  seatCounts: z.array(z.number().int()).optional(), // the playable numbers of players (Halma: 2 or 4)
  optionsJsonSchema: z.unknown(),
  bots: z.array(z.object({ id: z.string(), names: namesSchema })), // weakest first
  hasDemo: z.boolean().default(false), // POST /api/demo starts a computers-only game
  demoSeats: z.number().int().default(0), // how many computers play in the demo
  slowPace: z.boolean().default(true), // may be played over days (room setting paceDays)
});

const catalogueSchema = z.object({
  games: z.array(gameInfoSchema),
  upcoming: z.array(z.object({ id: z.string(), names: namesSchema })),
});

const createRoomResponseSchema = z.object({ roomId: z.string(), creatorToken: z.string(), path: z.string() });

const wireErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  rule: z.string().optional(),
});
const errorBodySchema = z.object({ error: wireErrorSchema });

export type GameInfo = z.infer<typeof gameInfoSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;
export type Names = z.infer<typeof namesSchema>;

/** A failure the UI can translate: a protocol code, or a client-side NETWORK/UNKNOWN. */
export type ClientError = WireError | { readonly code: "NETWORK" | "UNKNOWN" | "TIMEOUT" | "CANCELLED"; readonly message: string };

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ClientError };

/** Fetches JSON and checks it against `schema`; every failure becomes a translatable ClientError. */
export async function request<T>(url: string, schema: z.ZodType<T>, init?: RequestInit): Promise<Result<T>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    return { ok: false, error: { code: "NETWORK", message: String(cause) } };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    return { ok: false, error: parsed.success ? parsed.data.error : { code: "UNKNOWN", message: `HTTP ${response.status}` } };
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: { code: "UNKNOWN", message: parsed.error.message } };
}

let cataloguePromise: Promise<Result<Catalogue>> | null = null;

/** The games list changes only on deploy: fetch it once per page load, retry after a failure. */
export function fetchCatalogue(): Promise<Result<Catalogue>> {
  if (cataloguePromise === null) {
    cataloguePromise = request("/api/games", catalogueSchema).then((result) => {
      if (!result.ok) cataloguePromise = null;
      return result;
    });
  }
  return cataloguePromise;
}

/** Platform settings of a new room (POST /api/rooms `settings`). */
export interface NewRoomSettings {
  readonly takeoverAfterSeconds: number;
  readonly hints: boolean;
  readonly paceDays: PaceDays | null; // null: live; else the days each turn may take (issue 21)
}

export function postJson<T>(url: string, schema: z.ZodType<T>, body: unknown): Promise<Result<T>> {
  return request(url, schema, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

export function createRoom(gameId: string, options: Record<string, unknown>, settings: NewRoomSettings): Promise<Result<CreateRoomResponse>> {
  return postJson("/api/rooms", createRoomResponseSchema, { gameId, options, settings });
}

/** A started room where the game's computer players play each other; we get its creator token. */
export function createDemo(gameId: string): Promise<Result<CreateRoomResponse>> {
  return postJson("/api/demo", createRoomResponseSchema, { gameId });
}

/** Picks the name in the UI language. */
export function nameIn(names: Names, language: string): string {
  return language === "fr" ? names.fr : names.en;
}
