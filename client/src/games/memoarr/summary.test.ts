import { describe, expect, it } from "vitest";
import type { Translate } from "../../lib/errors";
import { eventText, formatMemoarrSummary } from "./summary";

const t: Translate = (id, options) => `${id}${options?.values ? JSON.stringify(options.values) : ""}`;
const walrus = { animal: "W", background: "b" };

describe("formatMemoarrSummary", () => {
  it.each([
    ["ready", { type: "ready", seat: 0, round: 1, peekEnded: false }, "games.memoarr.history.ready"],
    ["the clock ends the peek", { type: "peekEnd", round: 2 }, "games.memoarr.history.peekEnd"],
    ["an octopus swap", { type: "swap", seat: 1, round: 1, from: "B3", to: "A3" }, 'games.memoarr.history.swap{"from":"B3","to":"A3"}'],
    ["a walrus ban", { type: "forbid", seat: 1, round: 1, cell: "D4" }, 'games.memoarr.history.forbid{"cell":"D4"}'],
    ["something else", { type: "place" }, null],
  ])("%s", (_name, summary, expected) => {
    expect(formatMemoarrSummary(summary, t)).toBe(expected);
  });

  it("writes a losing reveal that ends the round for someone else", () => {
    const text = formatMemoarrSummary(
      { type: "reveal", seat: 1, round: 3, cell: "B4", card: walrus, match: false, eliminated: true, power: null, skipped: null, roundEnd: { round: 3, winner: 0, reason: "last-player" }, gameOver: false },
      t,
    );
    expect(text).toBe('games.memoarr.history.reveal{"cell":"B4","card":"games.memoarr.card{\\"animal\\":\\"games.memoarr.animals.W\\",\\"color\\":\\"games.memoarr.backgrounds.b\\"}"} games.memoarr.history.miss · games.memoarr.history.roundOver{"round":3}');
  });

  it("names the skipped player of a turtle in the event banner", () => {
    const text = eventText(
      { type: "reveal", seat: 0, round: 1, cell: "A1", card: { animal: "T", background: "r" }, match: true, eliminated: false, power: "turtle", skipped: 1, roundEnd: null, gameOver: false },
      t,
      (seat) => ["Ann", "Bob"][seat] ?? "?",
    );
    expect(text).toContain('games.memoarr.event.turtle{"name":"Bob"}');
    expect(text).toContain('"name":"Ann"');
  });
});
