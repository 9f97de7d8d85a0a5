import { describe, expect, it } from "vitest";
import { parseMove } from "../../../../shared/games/halma";
import { lineText } from "../history";
import { contextFor, translator } from "../historyTestKit";
import { en, fr } from "./messages";
import { halmaSentence } from "./sentence";
import { playerColour } from "../../room/seatColors";

const english = translator("en", en);
const french = translator("fr", fr);

/** A log record of `seat` playing `notation`, as the engine writes it. */
function record(seat: number, notation: string, kind: "step" | "jump" = "step", skipped: number[] = []) {
  const parsed = parseMove(notation);
  if (!parsed.ok) throw new Error(notation);
  return { type: "move", seat, path: parsed.move.path, notation, kind, skipped };
}

describe("Halma history sentences", () => {
  it.each([
    [record(0, "e1-f1"), "Alice moved [blue piece] e1\u00a0→ f1", "Alice a déplacé son pion [bleu] e1\u00a0→ f1"],
    [record(1, "e1-e3-e5", "jump"), "Bruno jumped [orange piece] e1\u00a0→ e3\u00a0→ e5", "Bruno a fait sauter son pion [orange] e1\u00a0→ e3\u00a0→ e5"],
    [record(0, "c3-e5", "jump"), "Alice jumped [blue piece] c3\u00a0→ e5", "Alice a fait sauter son pion [bleu] c3\u00a0→ e5"],
    [
      record(3, "m13-l12", "step", [0, 2]),
      "Émile moved [pink piece] m13\u00a0→ l12. Alice cannot move and misses a turn. Chloé cannot move and misses a turn",
      "Émile a déplacé son pion [rose] m13\u00a0→ l12. Alice ne peut pas jouer et passe son tour. Chloé ne peut pas jouer et passe son tour",
    ],
  ])("%j", (summary, inEnglish, inFrench) => {
    expect(lineText(halmaSentence(summary, contextFor(english)) ?? [])).toBe(inEnglish);
    expect(lineText(halmaSentence(summary, contextFor(french)) ?? [])).toBe(inFrench);
  });

  it("draws the mover's piece", () => {
    const line = halmaSentence(record(2, "e1-f1"), contextFor(english)) ?? [];
    expect(line.flatMap((part) => ("pictures" in part ? part.pictures : []))).toEqual([{ seat: 2, colour: playerColour(2) }]);
  });

  it("says nothing of a record it does not know", () => {
    expect(halmaSentence({ type: "pass" }, contextFor(english))).toBeNull();
  });
});
