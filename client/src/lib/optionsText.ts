import type { Translate } from "./errors";

/**
 * A finished game's options in words, from the score list's stored summary ("board=12x26,
 * mode=quick", written by the server as sorted `key=value` pairs): "Tiles: Quick (36 tiles) · Board:
 * 12 × 26 grid". Labels and values come from the game's texts (`games.<id>.options.<key>.label` and
 * `.<value>`), as in the create-room form. A switched-on option is its label alone, a switched-off
 * one is left out, and an option the texts do not name is left out rather than shown by its
 * internal name (a player should never read `peekSeconds`).
 */
export function optionsInWords(gameId: string, summary: string, t: Translate): string {
  const parts: string[] = [];
  for (const pair of summary.split(", ")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const key = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const base = `games.${gameId}.options.${key}`;
    const label = t(`${base}.label`, { default: "" });
    if (label === "" || label === `${base}.label`) continue;
    if (value === "true") parts.push(label);
    else if (value === "false" || value.startsWith("[object")) continue;
    else {
      const named = t(`${base}.${value}`, { default: value });
      parts.push(t("app.labelled", { values: { label, value: named === `${base}.${value}` ? value : named } }));
    }
  }
  return parts.join(" · ");
}
