/**
 * Turns a game's options JSON Schema (z.toJSONSchema of its optionsSchema) into form fields.
 * Only the shapes games actually use are supported: enums, booleans, numbers, and objects of
 * those (a group of fields, sent as a nested object). Anything else is skipped and left to the
 * server's default, so a new kind of option never breaks the form.
 */
export type OptionField =
  | { readonly kind: "enum"; readonly key: string; readonly values: readonly (string | number)[]; readonly default: string | number }
  | { readonly kind: "boolean"; readonly key: string; readonly default: boolean }
  | { readonly kind: "number"; readonly key: string; readonly default: number; readonly min?: number; readonly max?: number; readonly integer: boolean }
  | { readonly kind: "group"; readonly key: string; readonly fields: readonly OptionField[] };

/** What the form sends as `options`: the fields' values, groups as nested objects. */
export type OptionValue = string | number | boolean | OptionValues;
export interface OptionValues {
  [key: string]: OptionValue;
}

type JsonObject = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True for a group's value (a nested object), false for a single field's. */
export function isOptionValues(value: OptionValue | undefined): value is OptionValues {
  return isObject(value);
}

/**
 * One field, or null when it cannot be rendered. `fallback` is the enclosing object's default for
 * this key (zod puts a group's defaults on the object, and usually on each property too).
 */
function field(key: string, schema: JsonObject, fallback: unknown): OptionField | null {
  const initial = schema["default"] ?? fallback;
  const enumValues = schema["enum"];
  if (Array.isArray(enumValues)) {
    const values = enumValues.filter((v): v is string | number => typeof v === "string" || typeof v === "number");
    const first = values[0];
    if (first === undefined) return null;
    return { kind: "enum", key, values, default: values.find((v) => v === initial) ?? first };
  }
  const type = schema["type"];
  if (type === "boolean") return { kind: "boolean", key, default: initial === true };
  if (type === "number" || type === "integer") {
    const min = typeof schema["minimum"] === "number" ? schema["minimum"] : undefined;
    const max = typeof schema["maximum"] === "number" ? schema["maximum"] : undefined;
    const value = typeof initial === "number" ? initial : (min ?? 0);
    return { kind: "number", key, default: value, integer: type === "integer", ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  }
  if (type === "object") {
    const fields = fieldsOf(schema, initial);
    return fields.length === 0 ? null : { kind: "group", key, fields };
  }
  return null;
}

/** The renderable fields of an object schema, in the schema's order. */
function fieldsOf(schema: JsonObject, defaults: unknown): OptionField[] {
  const properties = schema["properties"];
  if (!isObject(properties)) return [];
  const fallbacks = isObject(defaults) ? defaults : {};
  const fields: OptionField[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const parsed = isObject(property) ? field(key, property, fallbacks[key]) : null;
    if (parsed !== null) fields.push(parsed);
  }
  return fields;
}

export function optionFields(jsonSchema: unknown): OptionField[] {
  return isObject(jsonSchema) ? fieldsOf(jsonSchema, undefined) : [];
}

/** The options object the form starts with: every field's default, groups nested. */
export function defaultOptions(fields: readonly OptionField[]): OptionValues {
  return Object.fromEntries(fields.map((f) => [f.key, f.kind === "group" ? defaultOptions(f.fields) : f.default]));
}
