import * as z from "zod/mini";
import type { CreateRoomResponse, PaceDays, WireError } from "../../../shared/protocol";
import { ERROR_CODES } from "../../../shared/protocol/errors";

/**
 * The server's answers are checked like any other input: a bad deploy shows an error, not a blank page.
 * With zod's mini build, whose functions are shaken apart: this file is on every page's first load,
 * and the full build (about 25 kB compressed, most of it never called here) was a third of it.
 */
const namesSchema = z.object({ fr: z.string(), en: z.string() });

const gameInfoSchema = z.object({
  id: z.string(),
  names: namesSchema,
  minSeats: z.int(),
  maxSeats: z.int(),
  seatCounts: z.optional(z.array(z.int())), // the playable numbers of players (Halma: 2 or 4)
  optionsJsonSchema: z.unknown(),
  bots: z.array(z.object({ id: z.string(), names: namesSchema })), // weakest first
  hasDemo: z._default(z.boolean(), false), // POST /api/demo starts a computers-only game
  demoSeats: z._default(z.int(), 0), // how many computers play in the demo
  slowPace: z._default(z.boolean(), true), // may be played over days (room setting paceDays)
});

const catalogueSchema = z.object({
  games: z.array(gameInfoSchema),
  upcoming: z.array(z.object({ id: z.string(), names: namesSchema })),
});

const createRoomResponseSchema = z.object({ roomId: z.string(), creatorToken: z.string(), path: z.string() });

const wireErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  rule: z.optional(z.string()),
});
const errorBodySchema = z.object({ error: wireErrorSchema });

export type GameInfo = z.infer<typeof gameInfoSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;
export type Names = z.infer<typeof namesSchema>;

/** A failure the UI can translate: a protocol code, or a client-side NETWORK/UNKNOWN. */
export type ClientError = WireError | { readonly code: "NETWORK" | "UNKNOWN" | "TIMEOUT" | "CANCELLED" | "RESENDING" | "CHECKED"; readonly message: string };

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ClientError };

/** A schema of an answer: zod's mini build here, the full one where a page checks with the protocol's own schemas. */
export type AnswerSchema<T> = z.core.$ZodType<T>;

/** Fetches JSON and checks it against `schema`; every failure becomes a translatable ClientError. */
export async function request<T>(url: string, schema: AnswerSchema<T>, init?: RequestInit): Promise<Result<T>> {
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
    const parsed = z.safeParse(errorBodySchema, body);
    return { ok: false, error: parsed.success ? parsed.data.error : { code: "UNKNOWN", message: `HTTP ${response.status}` } };
  }
  const parsed = z.safeParse(schema, body);
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

export function postJson<T>(url: string, schema: AnswerSchema<T>, body: unknown): Promise<Result<T>> {
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
