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
