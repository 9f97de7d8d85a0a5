import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chatTextSchema } from "./chat";
import { pushSubscribeSchema, pushUnsubscribeSchema } from "./push";
import { clientPayloadSchemas, createRoomSchema, nicknameSchema, type ClientEventName, type ClientPayload } from "./schemas";
import { hasBidiControl, hasVisibleCharacter, isWellFormedText } from "./textChecks";

const ROOM = "A".repeat(22);
const TOKEN = "t".repeat(43);

describe("well-formed UTF-16", () => {
  it.each([
    ["a\ud800b", false], // lone high surrogate (issue 32)
    ["a\udc00b", false], // lone low surrogate
    ["\ud83d\ude00\ud800", false], // a pair, then a lone half
    ["\udc00\ud800", false], // halves in the wrong order
    ["😀", true],
    ["Zoé", true],
    ["", true],
  ])("%j → %s", (text, expected) => {
    expect(isWellFormedText(text)).toBe(expected);
  });

  it("agrees with a UTF-8 round trip: a string is well-formed exactly when it survives one", () => {
    const half = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 12 }), fc.string({ unit: half, maxLength: 4 }), (a, halves) => {
        const text = a + halves;
        const roundTrip = new TextDecoder().decode(new TextEncoder().encode(text));
        expect(isWellFormedText(text)).toBe(roundTrip === text);
      }),
      { numRuns: 200 },
    );
  });
});

describe("bidirectional controls and invisible names", () => {
  it.each(["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"])("%j is a bidi control", (c) => {
    expect(hasBidiControl(`ab${c}cd`)).toBe(true);
  });

  it.each(["\u200e", "\u200f", "abc", "مرحبا", "שלום"])("%j is not", (text) => {
    expect(hasBidiControl(text)).toBe(false);
  });

  it.each([
    ["\u200b", false], // zero width space
    ["\u200b\u200c\u200d\u2060\ufeff", false],
    ["\u3164", false], // Hangul filler
    ["\u2800\u2800", false], // blank braille
    ["\u0301\u0308", false], // combining marks alone
    ["\u00ad", false], // soft hyphen
    ["\ufe0f", false], // variation selector
    ["\u{e0041}", false], // tag character
    ["\u3000", false], // ideographic space
    ["e\u0301", true],
    ["\u200bA\u200b", true],
    ["👨‍👩‍👧", true],
    [".", true],
    ["李", true],
  ])("%j has something visible: %s", (text, expected) => {
    expect(hasVisibleCharacter(text)).toBe(expected);
  });
});

describe("names and chat text", () => {
  it.each([
    ["a\ud800b", /nickname is not well-formed UTF-16/u],
    ["\u202eecilA", /nickname has bidirectional control characters/u],
    ["Al\u2066ice", /bidirectional/u],
    ["\u200b", /nickname has no visible character/u],
    ["\u3164\u3164", /no visible character/u],
    ["   ", /nickname is empty/u],
    ["x".repeat(25), /nickname is longer than 24 characters/u],
    ["x".repeat(201), /nickname is longer than 24 characters/u],
    ["a\tb", /control characters/u],
    // Look-alikes of "Alice": another name that reads the same (issue 35's score list, the table).
    ["Alice\u200b", /nickname has an invisible character/u],
    ["\u200bAlice", /invisible character/u],
    ["Al\u2060ice", /invisible character/u],
    ["Alice\u{e0041}", /invisible character/u],
    ["A\u2800", /invisible character/u],
    ["Ali\u00adce", /invisible character/u],
    ["\ufeffAli\u200bce", /invisible character/u], // a BOM trimmed away, the zero width space still there
    ["Alice\u200d", /invisible character/u], // a joiner that joins nothing
    ["Al\u200cice", /invisible character/u],
    ["Alice\ufe0f", /invisible character/u], // a variation selector on a letter
    ["Alice\u{e0100}", /invisible character/u],
    ["Alice\u061c", /invisible character/u], // a bidirectional mark
    ["\u200eAlice", /invisible character/u],
  ])("refuses the nickname %j with the reason", (nickname, reason) => {
    const parsed = nicknameSchema.safeParse(nickname);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(reason);
  });

  it.each([["  Alice  ", "Alice"], ["Zoé", "Zoé"], ["李小龍", "李小龍"], ["שלום", "שלום"], ["👨‍👩‍👧", "👨‍👩‍👧"], ["क्\u200dष", "क्\u200dष"], ["می\u200cخواهم", "می\u200cخواهم"], ["🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}", "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}"], ["❤️", "❤️"]])("takes %j", (nickname, stored) => {
    expect(nicknameSchema.parse(nickname)).toBe(stored);
  });

  it.each([
    ["hi \ud800", /the message is not well-formed/u],
    ["\u202egnp.exe", /the message has bidirectional/u],
    ["\u200b\u200b", /the message has no visible character/u],
    ["x".repeat(1201), /the message is longer than 300 characters/u],
  ])("refuses the chat text %j with the reason", (text, reason) => {
    expect(chatTextSchema.safeParse(text).error?.issues[0]?.message).toMatch(reason);
  });
});

/** One valid payload per client event, with every optional string field that can be set. */
const VALID: { [E in ClientEventName]: readonly ClientPayload<E>[] } = {
  "room:watch": [{ roomId: ROOM, seatTokens: [TOKEN], creatorToken: TOKEN }],
  "seat:claim": [{ roomId: ROOM, seat: 0, nickname: "Alice" }],
  "seat:configure": [{ roomId: ROOM, creatorToken: TOKEN, seat: 1, kind: "computer", bot: "easy" }],
  "game:start": [{ roomId: ROOM, creatorToken: TOKEN }],
  "room:settings": [{ roomId: ROOM, token: TOKEN, botSpeed: "fast" }],
  "seat:takeover": [{ roomId: ROOM, seatToken: TOKEN, seat: 1, bot: "easy" }],
  "game:pause": [{ roomId: ROOM, creatorToken: TOKEN }],
  "game:resume": [{ roomId: ROOM, token: TOKEN }],
  "game:move": [{ roomId: ROOM, seat: 0, seatToken: TOKEN, move: { type: "pass" }, moveId: "m".repeat(16) }],
  "chat:send": [
    { roomId: ROOM, text: "hello", nickname: "Zoé", clientId: "c".repeat(16) },
    { roomId: ROOM, phrase: "oops", seat: 0 },
  ],
  "game:rematch": [{ roomId: ROOM, token: TOKEN }],
};

/**
 * Fields that are not free strings of the protocol: closed lists (an enum accepts its values only),
 * and what a game parses with its own schemas (a move, the options' values).
 */
const NOT_FREE_TEXT = new Set(["kind", "botSpeed", "phrase", "locale", "move", "options"]);

/** Every copy of `value` with one free string spoiled by `spoil`, and where it is. */
function spoiledCopies(value: unknown, spoil: (s: string) => string): { where: string; copy: unknown }[] {
  if (typeof value === "string") return [{ where: "", copy: spoil(value) }];
  if (Array.isArray(value)) return value.flatMap((item, i) => spoiledCopies(item, spoil).map(({ where, copy }) => ({ where: `${i}${where && "."}${where}`, copy: value.map((v, j) => (j === i ? copy : v)) })));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) =>
    NOT_FREE_TEXT.has(key) ? [] : spoiledCopies(item, spoil).map(({ where, copy }) => ({ where: `${key}${where && "."}${where}`, copy: { ...value, [key]: copy } })),
  );
}

const SPOILERS: [string, (s: string) => string, RegExp][] = [
  ["a lone surrogate", (s) => `${s.slice(0, 1)}\ud800${s.slice(1)}`, /not well-formed UTF-16/u],
  ["a right-to-left override", (s) => `\u202e${s}`, /bidirectional control/u],
];

describe("every string of the protocol goes through wireString", () => {
  const cases = (Object.keys(VALID) as ClientEventName[]).flatMap((event) => VALID[event].map((payload) => ({ event, payload: payload as unknown })));

  it("the samples are valid as they are", () => {
    for (const { event, payload } of cases) expect(clientPayloadSchemas[event].safeParse(payload).success, event).toBe(true);
  });

  it.each(SPOILERS)("refuses %s in any string of any socket payload, saying so first", (_name, spoil, reason) => {
    let checked = 0;
    for (const { event, payload } of cases) {
      for (const { where, copy } of spoiledCopies(payload, spoil)) {
        const parsed = clientPayloadSchemas[event].safeParse(copy);
        expect(parsed.success, `${event} ${where}`).toBe(false);
        expect(parsed.error?.issues[0]?.message, `${event} ${where}`).toMatch(reason);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(25);
  });

  it.each(SPOILERS)("refuses %s in the HTTP bodies too (room creation, push subscriptions), option names included", (_name, spoil, reason) => {
    const bodies: [{ safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, unknown][] = [
      [createRoomSchema, { gameId: "qwirkle", options: { mode: "quick" } }],
      [pushSubscribeSchema, { subscription: { endpoint: "https://push.example.com/x", keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } }, locale: "en", rooms: [{ roomId: ROOM, seatTokens: [TOKEN] }] }],
      [pushUnsubscribeSchema, { endpoint: "https://push.example.com/x", rooms: [{ roomId: ROOM, seatTokens: [TOKEN] }] }],
    ];
    for (const [schema, body] of bodies) {
      expect(schema.safeParse(body).success).toBe(true);
      for (const { where, copy } of spoiledCopies(body, spoil)) {
        const parsed = schema.safeParse(copy);
        expect(parsed.success, where).toBe(false);
        expect(parsed.error?.issues[0]?.message, where).toMatch(reason);
      }
    }
    // zod reports a refused record key as "Invalid key in record", with the key's own issue inside.
    const [keyIssue] = createRoomSchema.safeParse({ gameId: "qwirkle", options: { [spoil("mode")]: "quick" } }).error?.issues ?? [];
    expect(keyIssue?.code).toBe("invalid_key");
    expect(keyIssue && "issues" in keyIssue ? keyIssue.issues[0]?.message : undefined).toMatch(reason);
  });

  it("has no other string schema in shared/protocol (a new field must use wireString, not z.string)", () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const offenders = readdirSync(dir)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "strings.ts")
      .filter((name) => /z\s*\.\s*string\s*\(/u.test(readFileSync(path.join(dir, name), "utf8")));
    expect(offenders).toEqual([]);
  });
});
