import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MANIFEST_ICONS, webManifest } from "./manifest";
import { buildVersion, chunkFiles, injectBuild, offlineShell, shellAssets } from "./pwaShell";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <link rel="manifest" href="/manifest.webmanifest" />
    <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-Xy9.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Def456.css">
  </head>
  <body><div id="app"></div></body>
</html>`;

describe("offlineShell", () => {
  it("is index.html marked as the offline shell, nothing else changed", () => {
    const shell = offlineShell(INDEX);
    expect(shell).toContain('<html data-shell="offline" lang="en">');
    expect(shell.replace(' data-shell="offline"', "")).toBe(INDEX);
  });

  it("refuses a page without <html>", () => {
    expect(() => offlineShell("<body></body>")).toThrow(/no <html>/u);
  });
});

describe("shellAssets", () => {
  it("lists the hashed files the page loads, not the manifest or the icons", () => {
    expect(shellAssets(INDEX)).toEqual(["/assets/index-AbC123.js", "/assets/index-Def456.css", "/assets/shared-Xy9.js"]);
  });
});

describe("chunkFiles", () => {
  const chunk = (facadeModuleId: string | null, imports: string[], css: string[] = [], moduleIds: string[] = facadeModuleId === null ? [] : [facadeModuleId]) => ({
    type: "chunk" as const,
    facadeModuleId,
    moduleIds,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  });
  const bundle = {
    "index.html": { type: "asset" },
    "assets/index-A.js": chunk("/app/client/index.html", ["assets/icon-B.js"], ["assets/index-A.css"]),
    "assets/Offline-C.js": chunk("/app/client/src/pwa/Offline.svelte", ["assets/index-A.js", "assets/wifi-off-D.js"], ["assets/Offline-C.css"]),
    "assets/wifi-off-D.js": chunk("/app/node_modules/@lucide/svelte/dist/icons/wifi-off.svelte", ["assets/icon-B.js"]),
    "assets/icon-B.js": chunk(null, ["assets/index-A.js"]), // a cycle back to the entry: visited once
    "assets/Room-E.js": chunk("/app/client/src/room/Room.svelte", ["assets/index-A.js"], ["assets/Room-E.css"]),
    "assets/Replay-F.js": chunk(null, ["assets/index-A.js", "assets/icon-B.js"], ["assets/Replay-F.css"], ["/app/client/src/pages/Replay.svelte", "/app/client/src/room/MoveList.svelte"]),
  };
  it("is the lazy module's chunk, everything it imports and their styles, not the other pages", () => {
    expect(chunkFiles(bundle, "/src/pwa/Offline.svelte")).toEqual([
      "/assets/Offline-C.css",
      "/assets/Offline-C.js",
      "/assets/icon-B.js",
      "/assets/index-A.css",
      "/assets/index-A.js",
      "/assets/wifi-off-D.js",
    ]);
  });
  it("finds a module merged into a chunk with no facade", () => {
    expect(chunkFiles(bundle, "/src/pages/Replay.svelte")).toEqual(["/assets/Replay-F.css", "/assets/Replay-F.js", "/assets/icon-B.js", "/assets/index-A.css", "/assets/index-A.js"]);
  });
  it("refuses a module no chunk comes from", () => {
    expect(() => chunkFiles(bundle, "/src/pwa/Gone.svelte")).toThrow(/no chunk/u);
  });
});

describe("buildVersion", () => {
  const files = new Map<string, string | Uint8Array>([
    ["index.html", INDEX],
    ["assets/index-AbC123.js", "console.log(1)"],
  ]);
  it("is the same for the same files in any order", () => {
    expect(buildVersion(new Map([...files].reverse()))).toBe(buildVersion(files));
    expect(buildVersion(files)).toMatch(/^[0-9a-f]{16}$/u);
  });
  it("changes with any file's content or name", () => {
    expect(buildVersion(new Map([...files, ["assets/index-AbC123.js", "console.log(2)"]]))).not.toBe(buildVersion(files));
    expect(buildVersion(new Map([...files, ["sw.js", "x"]]))).not.toBe(buildVersion(files));
  });
});

describe("injectBuild", () => {
  const worker = readFileSync(new URL("../worker/sw.js", import.meta.url), "utf8");
  it("fills in the real worker's build line", () => {
    const built = injectBuild(worker, { version: "abc", shell: ["/offline.html", "/assets/a.js"] });
    expect(built).toContain('const BUILD = {"version":"abc","shell":["/offline.html","/assets/a.js"]};');
    expect(built).not.toContain('version: "dev"');
  });
  it("refuses a worker without the line, or with two", () => {
    expect(() => injectBuild("self.addEventListener('push', () => {});", { version: "a", shell: [] })).toThrow(/exactly one/u);
    expect(() => injectBuild("const BUILD = {};\nconst BUILD = {};", { version: "a", shell: [] })).toThrow(/found 2/u);
  });
});

describe("webManifest", () => {
  it.each([
    ["en", "Board games with friends: create a table, send the link, play."],
    ["fr", "Des jeux de société entre amis\u202F: créez une table, envoyez le lien, jouez."],
  ] as const)("in %s: the brand as name, the tagline as description, the app's colours", (language, description) => {
    const manifest = webManifest(language);
    expect(manifest).toMatchObject({ id: "/", name: "Tablée", short_name: "Tablée", lang: language, description, start_url: "/", scope: "/", display: "standalone", theme_color: "#2f5d50", background_color: "#f6f1e7" });
    expect(manifest.icons).toBe(MANIFEST_ICONS);
  });
  it("lists 192 and 512 icons and a maskable one, each a PNG committed under client/public", () => {
    expect(MANIFEST_ICONS.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
    for (const icon of MANIFEST_ICONS) {
      const png = readFileSync(new URL(`../public${icon.src}`, import.meta.url));
      const [width, height] = icon.sizes.split("x").map(Number);
      // PNG signature, then the IHDR chunk's width and height.
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
    }
  });
});
