import type { Plugin } from "vite";
import { previewFor } from "./linkPreview";
import { chunkFiles, shellAssets } from "./pwaShell";

/** The page the server sends for a room's address (/r/<id>): index.html that fetches the room's code at once. */
export const ROOM_PAGE = "room.html";

/**
 * index.html with the room page's own files asked for in its head, beside the entry script: the
 * room's chunks as module preloads, their styles as style preloads (Vite's loader adds the
 * stylesheet links when the room's chunk is imported, and finds them fetched). Without them a
 * phone fetches the room's code only once the entry script has run, one round trip and a
 * download later, on the way to the first screen of a game (issue 31: a room's LCP). At low
 * priority: on a phone's narrow link they must not slow the entry script, which draws the first
 * paint (at the default priority a room's first paint came 0.3-0.4 s later in Lighthouse's
 * simulation). Files the page already loads are left out; nothing runs before the entry script.
 */
export function roomPage(indexHtml: string, roomFiles: readonly string[]): string {
  const loaded = new Set(shellAssets(indexHtml));
  const wanted = roomFiles.filter((file) => !loaded.has(file));
  const scripts = wanted.filter((file) => !file.endsWith(".css"));
  const styles = wanted.filter((file) => file.endsWith(".css"));
  // Scripts first: the room's first screen waits on them, not on its styles (which do not hold the paint).
  const links = [...scripts, ...styles]
    .map((file) => (file.endsWith(".css") ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${file}">` : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`));
  if (!indexHtml.includes("</head>")) throw new Error("index.html has no </head> to add the room's preloads to");
  return indexHtml.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
}

/**
 * Writes room.html into the build, from the bundle's index.html and the chunks of `roomModule` (a
 * lazily loaded page), and for each game of `gameModules` (game id → its client's module) room-<game>.html:
 * room.html with that game's chunks too. The server sends a room's address the page of the room's
 * game (server/http/client.ts): otherwise the game's code is asked for only once the entry script
 * has run and read which game the room plays, one more round trip and download before the board.
 */
export function roomPagePlugin(roomModule: string, gameModules: Readonly<Record<string, string>> = {}, gameNames: Readonly<Record<string, string>> = {}): Plugin {
  return {
    name: "tablee-room-page",
    // After Vite's HTML plugin has written index.html; before the compression plugin (see pwaShell).
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index === undefined || index.type !== "asset") throw new Error("tablee-room-page: the bundle has no index.html");
      const html = typeof index.source === "string" ? index.source : new TextDecoder().decode(index.source);
      const room = roomPage(html, chunkFiles(bundle, roomModule));
      this.emitFile({ type: "asset", fileName: ROOM_PAGE, source: room });
      for (const [gameId, module] of Object.entries(gameModules)) {
        const page = roomPage(room, chunkFiles(bundle, module));
        const name = gameNames[gameId];
        this.emitFile({ type: "asset", fileName: `room-${gameId}.html`, source: name === undefined ? page : previewFor(page, name, "en") });
      }
    },
  };
}
