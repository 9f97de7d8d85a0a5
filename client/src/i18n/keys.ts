/** Every key path of a nested dictionary ("table.chat.title"): the languages' parity tests compare them. */
export function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix === "" ? key : `${prefix}.${key}`));
}
