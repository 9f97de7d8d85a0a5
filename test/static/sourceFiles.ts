import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root, for the static scans beside this file. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Folders no scan reads: installed packages and generated code (Prisma's client). */
const SKIPPED_FOLDERS = new Set(["node_modules", "generated"]);
/** Files no scan reads: tests (they quote what the scans forbid), test support and type declarations. */
export const NOT_SOURCE = /\.test\.ts$|[\\/]test-support[\\/]|\.d\.ts$/u;

/** Every file under `dir` whose name matches `kinds` (an extension pattern), tests and generated code left out. */
export function sourceFiles(dir: string, kinds: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : sourceFiles(full, kinds);
    return kinds.test(name) && !NOT_SOURCE.test(full) ? [full] : [];
  });
}
