import { describe, expect, it } from "vitest";
import { defaultOptions, isOptionValues, optionFields } from "./optionsForm";

/** What GET /api/games sends for Qwirkle (z.toJSONSchema of its optionsSchema). */
const QWIRKLE_OPTIONS = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    mode: { default: "normal", type: "string", enum: ["normal", "quick"] },
    board: { default: "12x26", type: "string", enum: ["12x26", "open"] },
  },
  additionalProperties: false,
};

/** What GET /api/games sends for WHIS: a nested object (the deck) with defaults on it and on each count. */
const WHIS_OPTIONS = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    deck: {
      default: { simple: 9, attack: 3, special: 3, transition: 3, light: 3, darkness: 3 },
      type: "object",
      properties: {
        simple: { default: 9, type: "integer", minimum: 1, maximum: 20 },
        attack: { default: 3, type: "integer", minimum: 0, maximum: 10 },
        special: { default: 3, type: "integer", minimum: 0, maximum: 10 },
        transition: { default: 3, type: "integer", minimum: 0, maximum: 10 },
        light: { default: 3, type: "integer", minimum: 0, maximum: 10 },
        darkness: { default: 3, type: "integer", minimum: 0, maximum: 10 },
      },
      additionalProperties: false,
    },
    rounds: { default: 5, type: "integer", minimum: 1, maximum: 10 },
  },
  additionalProperties: false,
};

const count = (key: string, initial: number, min: number, max: number) => ({ kind: "number", key, default: initial, min, max, integer: true });

describe("optionFields", () => {
  it("turns enums with defaults into choice fields", () => {
    const fields = optionFields(QWIRKLE_OPTIONS);
    expect(fields).toEqual([
      { kind: "enum", key: "mode", values: ["normal", "quick"], default: "normal" },
      { kind: "enum", key: "board", values: ["12x26", "open"], default: "12x26" },
    ]);
    expect(defaultOptions(fields)).toEqual({ mode: "normal", board: "12x26" });
  });

  it.each([
    ["boolean", { type: "boolean", default: true }, { kind: "boolean", key: "x", default: true }],
    ["integer", { type: "integer", minimum: 2, maximum: 9 }, { kind: "number", key: "x", default: 2, min: 2, max: 9, integer: true }],
    ["enum without default", { enum: ["a", "b"] }, { kind: "enum", key: "x", values: ["a", "b"], default: "a" }],
  ])("reads a %s option", (_name, schema, field) => {
    expect(optionFields({ properties: { x: schema } })).toEqual([field]);
  });

  it.each([null, 42, "schema", {}, { properties: null }, { properties: { x: { type: "string" } } }, { properties: { x: { enum: [] } } }])(
    "ignores what it cannot render: %j",
    (schema) => {
      expect(optionFields(schema)).toEqual([]);
    },
  );

  it("turns a nested object into a group of fields with their bounds and defaults", () => {
    expect(optionFields(WHIS_OPTIONS)).toEqual([
      {
        kind: "group",
        key: "deck",
        fields: [
          count("simple", 9, 1, 20),
          count("attack", 3, 0, 10),
          count("special", 3, 0, 10),
          count("transition", 3, 0, 10),
          count("light", 3, 0, 10),
          count("darkness", 3, 0, 10),
        ],
      },
      count("rounds", 5, 1, 10),
    ]);
  });

  it("takes a group field's default from the group's default when the field has none", () => {
    const schema = { properties: { deck: { type: "object", default: { light: 7 }, properties: { light: { type: "integer" }, dark: { type: "integer", minimum: 2 } } } } };
    expect(defaultOptions(optionFields(schema))).toEqual({ deck: { light: 7, dark: 2 } });
  });

  it.each([
    ["no properties", { type: "object" }],
    ["nothing renderable", { type: "object", properties: { name: { type: "string" } } }],
  ])("skips a group with %s", (_name, schema) => {
    expect(optionFields({ properties: { x: schema } })).toEqual([]);
  });
});

describe("defaultOptions", () => {
  it("sends a group as a nested object, as the game's options schema expects", () => {
    const options = defaultOptions(optionFields(WHIS_OPTIONS));
    expect(options).toEqual({ deck: { simple: 9, attack: 3, special: 3, transition: 3, light: 3, darkness: 3 }, rounds: 5 });
    // The form binds each count to its key of the group's object: a change stays nested.
    const deck = options["deck"];
    if (!isOptionValues(deck)) throw new Error("deck is not a group");
    deck["light"] = 10;
    expect(JSON.parse(JSON.stringify(options))).toMatchObject({ deck: { light: 10, simple: 9 }, rounds: 5 });
  });
});
