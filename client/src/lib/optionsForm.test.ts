import { describe, expect, it } from "vitest";
import { defaultOptions, optionFields } from "./optionsForm";

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
});
