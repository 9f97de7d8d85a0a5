/**
 * A player's name cut into the pieces a line may break between: words, with " · " kept on the word
 * after it ("Ordinateur" / "· Facile": the first piece stays as narrow as it can, and a line never
 * ends on the dot). PlayerName.svelte shows each piece unbroken, so a name wraps or is shortened at
 * a word's end, never inside one.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/· /gu, "·\u00A0")
    .split(/[ \t\n]+/u)
    .filter((word) => word !== "");
}

/**
 * What follows the computer's prefix in a computer's name ("Facile #2" of "Ordinateur · Facile #2"),
 * or null for anyone else's. `template` is the page language's `room.computerName` with its level
 * argument replaced by LEVEL_MARK; seatNames.ts makes every computer's name from it.
 */
export function computerLevelIn(name: string, template: string): string | null {
  const at = template.indexOf(LEVEL_MARK);
  const prefix = at > 0 ? template.slice(0, at) : "";
  return prefix !== "" && name.startsWith(prefix) && name.length > prefix.length ? name.slice(prefix.length) : null;
}

/** The level argument's stand-in when a computer's name is formatted to find its prefix: no name holds it. */
export const LEVEL_MARK = "\u0001";
