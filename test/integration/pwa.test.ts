import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewFor } from "../../client/build/linkPreview";
import { createRoom } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The installable app's HTTP side (issue 31): compressed text responses (precompressed files and
 * the API's JSON), cache headers that never keep a stale page, the manifest and its icons. Raw
 * node:http requests, so the bytes on the wire are what is checked (fetch would decompress them).
 */
interface Raw {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer; // as sent, still compressed
}

function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** The body as the browser reads it, after undoing the content-encoding. */
function decoded(raw: Raw): string {
  const encoding = raw.headers["content-encoding"];
  const bytes = encoding === "br" ? brotliDecompressSync(raw.body) : encoding === "gzip" ? gunzipSync(raw.body) : raw.body;
  return bytes.toString("utf8");
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("installable app over HTTP", () => {
  let server: TestServer;
  let script: string; // the entry chunk index.html loads
  let style: string;

  beforeAll(async () => {
    server = await startTestServer();
    const html = decoded(await get(`${server.url}/`));
    script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/u.exec(html)?.[1] ?? "";
    style = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/u.exec(html)?.[1] ?? "";
    expect(script).not.toBe("");
    expect(style).not.toBe("");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("previews a table's link, as a messaging app fetches it, with its game and an invitation in the reader's language", async () => {
    const { roomId } = await createRoom(server.url, "memoarr");
    const page = (language: string) => get(`${server.url}/r/${roomId}`, { "accept-language": language, "user-agent": "WhatsApp/2.24" }).then(decoded);
    const meta = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`, "u").exec(html)?.[1];
    const french = await page("fr-FR,fr;q=0.9");
    expect(meta(french, "og:title")).toBe("Memoarr! · Tablée");
    expect(meta(french, "og:description")).toBe("Une table de Memoarr! vous attend sur Tablée\u202f: ouvrez le lien et prenez une place, sur téléphone comme sur ordinateur.");
    const english = await page("en-GB");
    expect(meta(english, "og:description")).toBe("A game of Memoarr! is waiting for you on Tablée: open the link and take a seat, on your phone or your computer.");
    expect(english).toContain("<title>Memoarr! · Tablée</title>");
    expect(english).not.toContain(roomId); // the room itself stays out of the preview
    // A replay's link from the score list, opened directly: the app's page.
    const replay = await get(`${server.url}/replay/${"a".repeat(32)}`);
    expect([replay.status, String(replay.headers["content-type"])]).toEqual([200, expect.stringContaining("text/html")]);
  });

  it("compresses the HTML, a script, a stylesheet and the API's JSON with brotli, or gzip when only gzip is accepted", async () => {
    const checks: [string, (text: string) => void][] = [
      ["/", (text) => expect(text).toContain('<div id="app"></div>')],
      [script, (text) => expect(text.length).toBeGreaterThan(10_000)],
      [style, (text) => expect(text).toMatch(/[{};]/u)],
      ["/api/games", (text) => expect((JSON.parse(text) as { games: unknown[] }).games.length).toBeGreaterThan(0)],
    ];
    for (const [path, check] of checks) {
      const plain = await get(`${server.url}${path}`);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      for (const [accepted, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
      ] as const) {
        const raw = await get(`${server.url}${path}`, { "accept-encoding": accepted });
        expect(raw.status, path).toBe(200);
        expect(raw.headers["content-encoding"], `${path} for ${accepted}`).toBe(encoding);
        expect(String(raw.headers.vary), path).toMatch(/accept-encoding/iu);
        expect(decoded(raw), path).toBe(plain.body.toString("utf8"));
        expect(raw.body.length, path).toBeLessThan(plain.body.length);
        check(decoded(raw));
      }
    }
  });

  it("keeps the security headers and the rate limit on compressed responses", async () => {
    for (const path of ["/", "/api/games"]) {
      const raw = await get(`${server.url}${path}`, { "accept-encoding": "br" });
      expect(raw.headers["content-encoding"]).toBe("br");
      expect(raw.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(raw.headers["x-content-type-options"]).toBe("nosniff");
      expect(raw.headers["x-ratelimit-limit"]).toBeDefined();
    }
  });

  it("lets browsers keep hashed files for a year, and asks again for the pages, the worker and the manifest", async () => {
    for (const path of [script, style]) {
      expect((await get(`${server.url}${path}`, { "accept-encoding": "br" })).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const { roomId } = await createRoom(server.url, "qwirkle");
    for (const path of ["/", `/r/${roomId}`, "/my-games", "/offline.html", "/sw.js", "/manifest.webmanifest", "/manifest.fr.webmanifest"]) {
      for (const accepted of ["br", "gzip", "identity"]) {
        const raw = await get(`${server.url}${path}`, { "accept-encoding": accepted });
        expect(raw.status, path).toBe(200);
        expect(raw.headers["cache-control"], `${path} (${accepted})`).toBe("no-cache");
      }
    }
    // A room's page is the app's page that also asks for the room's code at once (every file it
    // names is there); any other page is the app's page itself.
    const app = decoded(await get(`${server.url}/`));
    const room = decoded(await get(`${server.url}/r/${roomId}`, { "accept-encoding": "br" }));
    const preloads = [...room.matchAll(/<link rel="(?:modulepreload|preload" as="style)" crossorigin fetchpriority="low" href="(\/assets\/[^"]+)">/gu)].map((match) => match[1] ?? "");
    expect(preloads.some((file) => /\/assets\/Room-[\w-]+\.js$/u.test(file))).toBe(true);
    expect(preloads.some((file) => file.endsWith(".css"))).toBe(true);
    expect(preloads).not.toContain(script);
    // The room plays Qwirkle: its page asks for Qwirkle's code too, and no other game's; a room that
    // does not exist gets the room's code alone.
    const gameChunks = (page: string): string[] => [...page.matchAll(/href="\/assets\/(qwirkle|halma|whis|memoarr|mahjong)-[\w-]+\.js"/gu)].map((match) => match[1] ?? "");
    expect(gameChunks(room)).toEqual(["qwirkle"]);
    const unknown = decoded(await get(`${server.url}/r/NoSuchRoom0000000000xx`));
    expect(gameChunks(unknown)).toEqual([]);
    expect(unknown).toMatch(/\/assets\/Room-[\w-]+\.js/u);
    for (const file of preloads) expect((await get(`${server.url}${file}`)).status, file).toBe(200);
    // Else the same page, but for its title and description, which name the game for a link's preview.
    expect(room.replace(/\s*<link rel="(?:modulepreload|preload" as="style)" crossorigin fetchpriority="low" href="[^"]+">/gu, "")).toBe(previewFor(app, "Qwirkle", "en"));
    expect(decoded(await get(`${server.url}/r/${roomId}/replay`))).toBe(app);
    // A hashed file that is not there (an old build's chunk) is a 404, not the page.
    const missing = await get(`${server.url}/assets/Room-gone1234.js`, { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    expect(String(missing.headers["content-type"])).not.toContain("text/html");
  });

  it("serves the offline shell and a worker that precaches it, versioned by the build", async () => {
    const shell = decoded(await get(`${server.url}/offline.html`, { "accept-encoding": "br" }));
    expect(shell).toContain('<html data-shell="offline"');
    expect(shell).toContain(script);
    const worker = await get(`${server.url}/sw.js`, { "accept-encoding": "br" });
    expect(String(worker.headers["content-type"])).toMatch(/^(text|application)\/javascript/u);
    const build = /^const BUILD = (.*);$/mu.exec(decoded(worker))?.[1];
    const { version, shell: files } = JSON.parse(build ?? "null") as { version: string; shell: string[] };
    expect(version).toMatch(/^[0-9a-f]{16}$/u);
    expect(files).toEqual(expect.arrayContaining(["/offline.html", script, style]));
    for (const file of files) expect((await get(`${server.url}${file}`)).status, file).toBe(200);
  });

  it("serves the manifest in the browser's language, as application/manifest+json, with every icon a PNG of its stated size", async () => {
    const english = await get(`${server.url}/manifest.webmanifest`, { "accept-encoding": "br", "accept-language": "en-GB,en;q=0.9" });
    expect(english.headers["content-type"]).toMatch(/^application\/manifest\+json/u);
    expect(english.headers["content-encoding"]).toBe("br");
    expect(String(english.headers.vary)).toMatch(/accept-language/iu);
    const manifest = JSON.parse(decoded(english)) as { name: string; lang: string; description: string; display: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: "Tablée", short_name: "Tablée", lang: "en", display: "standalone", start_url: "/", scope: "/", theme_color: "#2f5d50", background_color: "#f6f1e7" });
    expect(manifest.description).toMatch(/^Board games with friends/u);
    const french = JSON.parse(decoded(await get(`${server.url}/manifest.webmanifest`, { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" }))) as typeof manifest;
    expect(french).toMatchObject({ name: "Tablée", lang: "fr", icons: manifest.icons });
    expect(french.description).toMatch(/^Des jeux de société entre amis/u);

    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(["any", "any", "maskable"]);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    const apple = { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" };
    for (const icon of [...manifest.icons, apple]) {
      const raw = await get(`${server.url}${icon.src}`, { "accept-encoding": "br, gzip" });
      expect(raw.status, icon.src).toBe(200);
      expect(raw.headers["content-type"], icon.src).toBe("image/png");
      expect(raw.headers["content-encoding"], icon.src).toBeUndefined(); // PNG is compressed already
      expect(icon.type).toBe("image/png");
      expect(pngSize(raw.body), icon.src).toBe(icon.sizes);
    }
  });
});
