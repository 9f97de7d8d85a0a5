import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { pwaShell } from "./build/pwaShell";
import { pageLanguagesPlugin } from "./build/pageLanguages";
import { roomPagePlugin } from "./build/roomPage";
import { GAMES } from "../shared/games/registry";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Every game's client module (game id → path): each folder of src/games with an index.ts is a game. */
function gameModules(): Record<string, string> {
  const games = new URL("./src/games/", import.meta.url);
  return Object.fromEntries(
    readdirSync(games, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/index.ts`, games)))
      .map((entry) => [entry.name, `/src/games/${entry.name}/index.ts`]),
  );
}

/** Each game's name (the same in both languages today), for the room pages' link previews. */
const GAME_NAMES: Record<string, string> = Object.fromEntries(GAMES.map((game) => [game.id, game.names.en]));

// The client is built into dist/client and served by the fastify server in production.
// In development (`npm run dev:client`), API and socket calls are proxied to the server on :3000.
export default defineConfig({
  root,
  plugins: [
    svelte(),
    // The manifests, the offline shell and the service worker (versioned by the build).
    pwaShell(fileURLToPath(new URL("./worker/sw.js", import.meta.url)), "/src/pwa/Offline.svelte"),
    // room.html: the page of /r/<id>, which asks for the room's code with the entry script.
    // room-<game>.html: the same with the game's code too, sent for a room of that game.
    // Each game's page names the game for a messaging app's preview of a table's link (linkPreview.ts).
    roomPagePlugin("/src/room/Room.svelte", gameModules(), GAME_NAMES),
    // Each of those pages (and index.html) in French too: its lang and description before the script runs.
    pageLanguagesPlugin(GAME_NAMES),
    // Every text file is also written as .br and .gz at the highest levels (the plugin's defaults):
    // @fastify/static's preCompressed serves them, so nothing is compressed per request.
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/u,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip")],
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL("../dist/client", import.meta.url)),
    emptyOutDir: true,
    // Tiny shared chunks (an icon, a helper: a few hundred bytes each) are merged into the chunks
    // that use them: a room loaded some twenty of them, each a request with its headers (about
    // 1 kB of them) on a phone's network. Why 12 kB (measured by phone-first's first-load test, a
    // room of each game, bytes on the wire): at 8 kB Lucide's X icon was merged with Qwirkle's rules
    // (check.ts and its tiles, 2.4 kB), which every game's room then loaded for one icon, and the
    // rooms weighed 149.3-150.1 kB against the 150 kB budget; at 12 kB those rules go to the entry
    // chunk (1.8 kB more on every page) and a room weighs 142.9-149.5 kB in one request fewer. 6,
    // 10, 16 and 24 kB were tried: 152.2, 150.0, 151.9 and 151.9 kB for Mahjong++'s room.
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 12_000,
        // A game's chunk is named after its game (halma-<hash>.js), not after its entry file (index;
        // merged chunks have no facade to name them): what a page loaded reads plainly.
        chunkFileNames: (chunk) => {
          const game = chunk.moduleIds.map((id) => /\/client\/src\/games\/([a-z]+)\/index\.ts$/u.exec(id)?.[1]).find(Boolean);
          return `assets/${game ?? "[name]"}-[hash].js`;
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/healthz": "http://127.0.0.1:3000",
      "/socket.io": { target: "http://127.0.0.1:3000", ws: true },
    },
  },
});
