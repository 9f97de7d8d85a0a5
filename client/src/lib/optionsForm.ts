/**
 * Turns a game's options JSON Schema (z.toJSONSchema of its optionsSchema) into form fields.
 * Only the shapes games actually use are supported: enums, booleans, numbers. Anything else is
 * skipped and left to the server's default, so a new kind of option never breaks the form.
 */
export type OptionField =
  | { readonly kind: "enum"; readonly key: string; readonly values: readonly (string | number)[]; readonly default: string | number }
  | { readonly kind: "boolean"; readonly key: string; readonly default: boolean }
  | { readonly kind: "number"; readonly key: string; readonly default: number; readonly min?: number; readonly max?: number; readonly integer: boolean };

type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function field(key: string, schema: JsonObject): OptionField | null {
  const enumValues = schema["enum"];
  if (Array.isArray(enumValues)) {
    const values = enumValues.filter((v): v is string | number => typeof v === "string" || typeof v === "number");
    const first = values[0];
    if (first === undefined) return null;
    const fallback = schema["default"];
    const initial = values.find((v) => v === fallback) ?? first;
    return { kind: "enum", key, values, default: initial };
  }
  const type = schema["type"];
  if (type === "boolean") return { kind: "boolean", key, default: schema["default"] === true };
  if (type === "number" || type === "integer") {
    const min = typeof schema["minimum"] === "number" ? schema["minimum"] : undefined;
    const max = typeof schema["maximum"] === "number" ? schema["maximum"] : undefined;
    const fallback = typeof schema["default"] === "number" ? schema["default"] : (min ?? 0);
    return { kind: "number", key, default: fallback, integer: type === "integer", ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  }
  return null;
}

export function optionFields(jsonSchema: unknown): OptionField[] {
  if (!isObject(jsonSchema) || !isObject(jsonSchema["properties"])) return [];
  const fields: OptionField[] = [];
  for (const [key, schema] of Object.entries(jsonSchema["properties"])) {
    const parsed = isObject(schema) ? field(key, schema) : null;
    if (parsed !== null) fields.push(parsed);
  }
  return fields;
}

export function defaultOptions(fields: readonly OptionField[]): Record<string, string | number | boolean> {
  return Object.fromEntries(fields.map((f) => [f.key, f.default]));
}
