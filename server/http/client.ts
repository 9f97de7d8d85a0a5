import { readdirSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { deadlineIn, type Deadline } from "../db/deadline";

/** Vite's hashed files (/assets/*): a new build gives new names, so a browser may keep them for ever. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (the HTML, sw.js, the manifests, the icons): kept, but asked again each time (a 304 when unchanged). */
export const REVALIDATE = "no-cache";

/** The languages the manifest is written in (client/build/manifest.ts writes manifest.<language>.webmanifest). */
const MANIFEST_LANGUAGES = ["en", "fr"];

/** Cache-Control of a built client file, from its path under the client's directory (a .br or .gz as its original). */
export function cacheControlFor(relativePath: string): string {
  return relativePath.split(/[\\/]/u)[0] === "assets" ? IMMUTABLE : REVALIDATE;
}

/** The room of a room's own address (/r/<id>), read as the client's router reads it (empty segments ignored, the query not counted); null for any other route. */
export function roomOfPage(url: string): string | null {
  const parts = (url.split(/[?#]/u)[0] ?? "").split("/").filter((part) => part !== "");
  return parts.length === 2 && parts[0] === "r" ? (parts[1] ?? null) : null;
}

/**
 * The page sent for a client route: for a room's own address, room-<game>.html when the build has
 * one for the room's game (the room's code and the game's asked for at once, client/build/roomPage.ts),
 * else room.html (the room's code only: an unknown room, or its game not found in time); index.html
 * for every other route. In French (<page>.fr.html, client/build/pageLanguages.ts) for a browser
 * that prefers it, when the build has that page.
 */
export function pageFor(url: string, pages: ReadonlySet<string>, gameOfRoom: string | null, language = "en"): string {
  const page = pageIn(url, pages, gameOfRoom);
  const translated = page.replace(/\.html$/u, `.${language}.html`);
  return language !== "en" && pages.has(translated) ? translated : page;
}

function pageIn(url: string, pages: ReadonlySet<string>, gameOfRoom: string | null): string {
  if (roomOfPage(url) === null) return "index.html";
  const gamePage = gameOfRoom === null ? null : `room-${gameOfRoom}.html`;
  if (gamePage !== null && pages.has(gamePage)) return gamePage;
  return pages.has("room.html") ? "room.html" : "index.html";
}

/** How long a room's page waits for its game from the database before it is sent without the game's code. */
const GAME_LOOKUP_MS = 250;

/** The language of the pages and the manifest sent for this Accept-Language: French when preferred to English, else English. */
export function servedLanguage(acceptLanguage: string | undefined): string {
  const chosen = new Negotiator({ headers: acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage } }).language(MANIFEST_LANGUAGES);
  return chosen ?? "en";
}

/**
 * Compressed responses: brotli or gzip for every text response as the client accepts. Registered
 * before any route (the plugin hooks routes as they are added). The built client's files are
 * already compressed at build (the .br and .gz beside them, see client/vite.config.ts) and sent as
 * they are; the API's JSON and anything else is compressed here, at a fast brotli level.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, encodings: ["br", "gzip"], threshold: 1024 });
}

/**
 * The built client: its files (precompressed, with the cache rules above), the manifest in the
 * browser's language, and the page for the client's own routes (/r/<id>, /my-games, …; pageFor). A missing
 * hashed file is a 404, never the page: an old page asking for a chunk of a replaced build must get
 * an error it can handle, not HTML where a script was expected.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  gameOf: (roomId: string, deadline: Deadline) => Promise<string | null> = async () => null,
): Promise<void> {
  const pages = new Set(readdirSync(clientDir).filter((file) => /^(index|room(-[a-z0-9-]+)?)(\.[a-z]{2})?\.html$/u.test(file)));
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: false, // "/" is a client route like the others: its page in the browser's language (below)
    preCompressed: true,
    cacheControl: false, // set below, per file
    setHeaders(response, filePath) {
      response.setHeader("cache-control", cacheControlFor(path.relative(clientDir, filePath)));
      response.setHeader("vary", filePath.endsWith(".html") ? "accept-encoding, accept-language" : "accept-encoding");
    },
  });
  app.get("/manifest.webmanifest", (request, reply) => {
    reply.header("vary", "accept-encoding, accept-language");
    return reply.sendFile(`manifest.${servedLanguage(request.headers["accept-language"])}.webmanifest`);
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const roomId = roomOfPage(url);
    // The page never waits on a slow database: no answer in time (or an error) sends room.html.
    const game = roomId === null ? null : await gameOf(roomId, deadlineIn(GAME_LOOKUP_MS)).catch(() => null);
    return reply.sendFile(pageFor(url, pages, game, servedLanguage(request.headers["accept-language"])));
  };
  app.get("/", sendPage);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (request.method === "GET" && !url.startsWith("/api/") && !url.startsWith("/socket.io") && !url.startsWith("/assets/")) return sendPage(request, reply);
    return reply.status(404).send({ error: { code: "BAD_REQUEST", message: "not found" } });
  });
}
