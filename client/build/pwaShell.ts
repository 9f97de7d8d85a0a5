import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { MANIFEST_LANGUAGES, manifestFile, webManifest } from "./manifest";

/** The worker's build line, as written in client/worker/sw.js and replaced at build. */
export const BUILD_LINE = /^const BUILD = .*;$/mu;

/** What the service worker is told about its build: a version for its cache's name, and what to precache. */
export interface WorkerBuild {
  readonly version: string;
  readonly shell: readonly string[];
}

/** The page the worker serves when the server cannot be reached (see offlineShell). */
export const OFFLINE_PAGE = "offline.html";

/**
 * The offline app shell: index.html itself (the same scripts and styles) with `data-shell="offline"`
 * on <html>, which main.ts reads to show "Offline — reconnecting…" instead of the app.
 */
export function offlineShell(indexHtml: string): string {
  const marked = indexHtml.replace(/<html(\s|>)/u, '<html data-shell="offline"$1');
  if (marked === indexHtml) throw new Error("index.html has no <html> tag to mark as the offline shell");
  return marked;
}

/** The built files index.html loads (its entry script, the chunks it preloads, its styles): the shell's assets. */
export function shellAssets(indexHtml: string): string[] {
  const urls = [...indexHtml.matchAll(/\s(?:src|href)="(\/assets\/[^"]+)"/gu)].map((match) => match[1] ?? "");
  return [...new Set(urls)].sort();
}

/** What chunkFiles reads of a bundle's chunk (Rollup's OutputChunk, with Vite's imported CSS). */
interface ChunkLinks {
  readonly type: "chunk";
  readonly facadeModuleId: string | null;
  readonly moduleIds?: readonly string[];
  readonly imports: readonly string[];
  readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
}

/**
 * The files a lazily loaded module needs: the chunk holding the module whose path ends with
 * `moduleSuffix`, the chunks it imports (transitively) and their styles, as /-rooted URLs.
 * Throws if no chunk comes from that module (it was renamed, or is no longer loaded lazily).
 */
export function chunkFiles(bundle: Readonly<Record<string, { readonly type: string } | ChunkLinks>>, moduleSuffix: string): string[] {
  const chunks = new Map(Object.entries(bundle).flatMap(([name, output]) => (output.type === "chunk" ? [[name, output as ChunkLinks] as const] : [])));
  // The chunk the module is in: its facade, or (a small page merged with what it imports, see
  // experimentalMinChunkSize in client/vite.config.ts) one of its modules.
  const holds = (chunk: ChunkLinks): boolean => chunk.facadeModuleId?.endsWith(moduleSuffix) === true || (chunk.moduleIds ?? []).some((id) => id.endsWith(moduleSuffix));
  const entry = [...chunks].find(([, chunk]) => holds(chunk))?.[0];
  if (entry === undefined) throw new Error(`no chunk of the build comes from ${moduleSuffix}`);
  const files = new Set<string>();
  const visit = (name: string): void => {
    if (files.has(name)) return;
    files.add(name);
    const chunk = chunks.get(name);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...files].map((name) => `/${name}`).sort();
}

/** A short hash of every built file's name and content: any change to the build gives a new version. */
export function buildVersion(files: ReadonlyMap<string, string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const name of [...files.keys()].sort()) {
    hash.update(name).update("\0").update(files.get(name) ?? "").update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** The worker's source with its build line filled in; throws if the line is not there exactly once. */
export function injectBuild(workerSource: string, build: WorkerBuild): string {
  const matches = workerSource.match(new RegExp(BUILD_LINE.source, "gmu")) ?? [];
  if (matches.length !== 1) throw new Error(`the service worker must have exactly one line matching ${String(BUILD_LINE)}, found ${matches.length}`);
  return workerSource.replace(BUILD_LINE, `const BUILD = ${JSON.stringify(build)};`);
}

/**
 * Tablée's installable-app files, written into the build: the manifests (one per language), the
 * offline shell, and the service worker told its build's version and shell. The worker's cache is
 * named after the version, so a new build installs a new worker that drops the old cache (the
 * browser compares sw.js byte for byte on each navigation). In development the worker is served
 * with version "dev" and an empty shell: it caches nothing. `offlineModule` is the page offline.html
 * shows, loaded lazily (no visitor online pays for it): its chunk is part of the shell.
 */
export function pwaShell(workerPath: string, offlineModule: string): Plugin {
  const manifests = MANIFEST_LANGUAGES.map((language) => ({ fileName: manifestFile(language), source: `${JSON.stringify(webManifest(language), null, 2)}\n` }));
  return {
    name: "tablee-pwa-shell",
    // After Vite's HTML plugin has written index.html into the bundle; the compression plugin then
    // precompresses what is emitted here too (it runs after the post plugins).
    enforce: "post",
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split("?")[0];
        const manifest = manifests.find((m) => path === `/${m.fileName}`) ?? (path === "/manifest.webmanifest" ? manifests[0] : undefined);
        if (path === "/sw.js") {
          response.setHeader("content-type", "text/javascript");
          response.end(injectBuild(readFileSync(workerPath, "utf8"), { version: "dev", shell: [] }));
        } else if (manifest !== undefined) {
          response.setHeader("content-type", "application/manifest+json");
          response.end(manifest.source);
        } else {
          next();
        }
      });
    },
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index === undefined || index.type !== "asset") throw new Error("tablee-pwa-shell: the bundle has no index.html");
      const html = typeof index.source === "string" ? index.source : new TextDecoder().decode(index.source);
      const files = new Map<string, string | Uint8Array>();
      for (const [name, output] of Object.entries(bundle)) files.set(name, output.type === "asset" ? output.source : output.code);
      const workerSource = readFileSync(workerPath, "utf8");
      files.set("sw.js", workerSource);
      for (const manifest of manifests) files.set(manifest.fileName, manifest.source);
      const assets = new Set([...shellAssets(html), ...chunkFiles(bundle, offlineModule)]);
      const build: WorkerBuild = { version: buildVersion(files), shell: [`/${OFFLINE_PAGE}`, ...[...assets].sort()] };
      this.emitFile({ type: "asset", fileName: OFFLINE_PAGE, source: offlineShell(html) });
      this.emitFile({ type: "asset", fileName: "sw.js", source: injectBuild(workerSource, build) });
      for (const manifest of manifests) this.emitFile({ type: "asset", fileName: manifest.fileName, source: manifest.source });
    },
  };
}
