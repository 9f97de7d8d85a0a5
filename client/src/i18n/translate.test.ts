import { describe, expect, it } from "vitest";

// The grammar and typography hold only if every text goes through this layer.
const SOURCES = import.meta.glob<string>(["../**/*.svelte", "../**/*.ts", "!../**/*.test.ts"], { query: "?raw", import: "default", eager: true });

/** The layer's own files (paths as import.meta.glob gives them, from this folder). */
const LAYER = new Set(["./translate.ts", "./register.ts", "./index.ts"]);

describe("the i18n layer", () => {
  it("is the only way to svelte-i18n's formatter and dictionaries", () => {
    const bypassing = Object.entries(SOURCES)
      .filter(([path]) => !LAYER.has(path))
      .filter(([, source]) => /import \{[^}]*\b(_|t|format|addMessages)\b[^}]*\} from "svelte-i18n"/u.test(source))
      .map(([path]) => path);
    expect(bypassing).toEqual([]);
  });

  it("sees the sources it guards", () => {
    expect(Object.keys(SOURCES).some((path) => path.endsWith("/room/Room.svelte"))).toBe(true);
  });
});
