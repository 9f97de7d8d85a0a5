// A move of the history as a sentence with small pictures of the pieces: what a game gives the
// room's history, and the helpers the games build it with.
import type { PlayerColour } from "../room/seatColors";
import type { Component } from "svelte";
import type { Seat } from "../../../shared/engine/types";
import type { Translate } from "../lib/errors";

/** A run of pictures in a sentence, read by a screen reader as `alt` ("red circle, red square"). */
export interface HistoryPictures<P> {
  readonly pictures: readonly P[];
  readonly alt: string;
}

/** One piece of a history sentence: words, or pictures of the game's own. */
export type HistoryPart<P> = { readonly text: string } | HistoryPictures<P>;
export type HistoryLine<P> = readonly HistoryPart<P>[];

/** What a game's sentence-writer is given besides the record. */
export interface HistoryContext {
  readonly seat: Seat; // the log entry's seat (the platform's clock seat for timeouts)
  readonly t: Translate;
  readonly name: (seat: Seat) => string; // a player's display name
  readonly colour: (seat: Seat) => PlayerColour; // a player's colour at the table (the same in every game of it)
}

/** A game's history sentences: the writer and the component that draws one of its pictures. */
export interface GameHistory {
  readonly describe: (summary: unknown, context: HistoryContext) => HistoryLine<unknown> | null;
  readonly Picture: Component<{ picture: unknown }>;
}

/**
 * Pairs a game's writer with its picture component. The pictures handed to `Picture` only ever come
 * from `describe`, so their type P is erased here once rather than checked by every game.
 */
export function gameHistory<P>(
  describe: (summary: unknown, context: HistoryContext) => HistoryLine<P> | null,
  Picture: Component<{ picture: P }>,
): GameHistory {
  return { describe, Picture: Picture as unknown as Component<{ picture: unknown }> };
}

// Private-use characters stand for pictures while the message is formatted: no language's text,
// typography or plural rule touches them, and they split the result back into parts.
const OPEN = "\uE000";
const CLOSE = "\uE001";
const TOKEN = /\uE000(\d+)\uE001/u;

/**
 * The message `id` as a line: `values` are its words and numbers, `pictures` the placeholders that
 * become pictures ("{name} placed {tiles} for {points} points" with tiles as pictures).
 */
export function sentence<P>(
  t: Translate,
  id: string,
  values: Readonly<Record<string, string | number>> = {},
  pictures: Readonly<Record<string, HistoryPictures<P>>> = {},
): HistoryLine<P> {
  const runs = Object.values(pictures);
  const tokens = Object.fromEntries(Object.keys(pictures).map((key, index) => [key, `${OPEN}${index}${CLOSE}`]));
  // A name typed with our marker characters in it must not turn into a picture.
  const words = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === "string" ? value.replace(/[\uE000\uE001]/gu, "") : value]));
  const text = t(id, { values: { ...words, ...tokens } });
  const parts: HistoryPart<P>[] = [];
  const pieces = text.split(TOKEN); // words, index, words, index, …, words
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) {
      if (piece !== "") parts.push({ text: piece });
      return;
    }
    const run = runs[Number(piece)];
    if (run !== undefined) parts.push(run);
  });
  return parts;
}

/**
 * Several sentences as one line: "Alice moved …. Bruno cannot move and misses a turn". A full stop,
 * not a middle dot: computers' names have one ("Computer · Easy").
 */
export function joinLines<P>(lines: readonly HistoryLine<P>[], separator = ". "): HistoryLine<P> {
  return lines.filter((line) => line.length > 0).flatMap((line, index) => (index === 0 ? line : [{ text: separator }, ...line]));
}

/** A line as plain text, pictures as their alternative in brackets: what the tests compare. */
export function lineText<P>(line: HistoryLine<P>): string {
  return line.map((part) => ("text" in part ? part.text : `[${part.alt}]`)).join("");
}

/** A line as a screen reader says it: pictures as their alternative text, no brackets. */
export function spokenText<P>(line: HistoryLine<P>): string {
  return line.map((part) => ("text" in part ? part.text : part.alt)).join("");
}

/** A line's parts as drawn: a picture run keeps the punctuation right after it ("[card],"). */
export type DrawnPart<P> = { readonly text: string } | (HistoryPictures<P> & { readonly glued: string });

const LEADING_PUNCTUATION = /^[,.;:!?)\]»\u00a0\u202f]+/u;

/** Glues each picture run to the punctuation that follows it, so a line never starts with ", asking…". */
export function drawnParts<P>(line: HistoryLine<P>): DrawnPart<P>[] {
  const out: DrawnPart<P>[] = [];
  line.forEach((part, index) => {
    const previous = index > 0 ? out[out.length - 1] : undefined;
    if ("text" in part) {
      const glued = previous !== undefined && "pictures" in previous ? (LEADING_PUNCTUATION.exec(part.text)?.[0] ?? "") : "";
      if (glued !== "" && previous !== undefined && "pictures" in previous) out[out.length - 1] = { ...previous, glued };
      if (part.text.length > glued.length) out.push({ text: part.text.slice(glued.length) });
    } else {
      out.push({ ...part, glued: "" });
    }
  });
  return out;
}
