import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import type { BotStrategy, PublicMoveSummary } from "../../engine/types";
import { recherchePaire, selectionBudget, smartInao, smartInaoLookahead } from "./bots";
import { playBots, randomGame } from "./fuzzkit";
import { mahjong } from "./game";
import { makeState } from "./testkit";
import { isStuck } from "./turn";
import { LEVELS, type Family, type MahjongMove, type MahjongMoveSummary, type MahjongState, type MahjongView } from "./types";

type Bot = BotStrategy<MahjongView, MahjongMove>;
const BOTS: readonly Bot[] = [recherchePaire, smartInao, smartInaoLookahead];

function decide(bot: Bot, state: MahjongState, history: readonly PublicMoveSummary[] = [], seed = "r"): MahjongMove {
  const rng = new Rng(seedRng(seed));
  const memory = mahjong.botMemory?.(state, state.turn); // as the server hands it
  return bot.decide({ view: mahjong.view(state, state.turn), seat: state.turn, history, random: () => rng.next(), memory });
}

/** A first selection as the log records it. */
function selection(seat: number, turnNumber: number, tile: number, family: Family): MahjongMoveSummary {
  return { type: "select", seat, turnNumber, tile, family, result: "first", removed: null, points: 0, passed: [], endReason: null };
}

// Easy layout: a trap. Top tiles 24 (over 1 and 7), 27 (over 4 and 10) and 32 (over 13) are free eggs,
// and the fourth egg is 13. Taking 24+27 frees the most tiles but leaves egg 32 lying on egg 13.
const TRAP = { 24: "egg", 27: "egg", 32: "egg", 13: "egg", 1: "dates", 7: "dates", 4: "fez", 10: "fez" } as const;

describe("known answers", () => {
  it("RecherchePaire completes the selected tile's pair", () => {
    const state = makeState("easy", { 0: "egg", 2: "dates", 4: "egg", 6: "dates" }, { selected: 2 });
    expect(decide(recherchePaire, state)).toEqual({ type: "select", tile: 6 });
  });

  it("RecherchePaire otherwise selects a free tile at random, pair or not", () => {
    const state = makeState("easy", { 0: "egg", 2: "dates", 4: "egg", 6: "fez", 8: "drum", 1: "fez" }, { selected: 6 });
    const picks = new Set(Array.from({ length: 40 }, (_, i) => (decide(recherchePaire, state, [], `s${i}`) as { tile: number }).tile));
    expect([...picks].sort()).toEqual([0, 2, 4, 8]); // free tiles but the selected 6 (1 is between 0 and 2)
  });

  it("SmartINAO only selects tiles of pairs it has found", () => {
    const state = makeState("easy", { 0: "egg", 2: "dates", 4: "egg", 6: "fez", 8: "drum" });
    for (let i = 0; i < 20; i++) expect([0, 4]).toContainEqual((decide(smartInao, state, [], `s${i}`) as { tile: number }).tile);
  });

  it("SmartINAO takes the Max-Block pair (it falls into the trap); the look-ahead does not", () => {
    const state = makeState("easy", TRAP, { selected: 24 });
    expect(decide(smartInao, state)).toEqual({ type: "select", tile: 27 });
    expect(decide(smartInaoLookahead, state)).toEqual({ type: "select", tile: 32 });
  });

  it("SmartINAO prefers, at equal Max-Block, the family with more tiles left (Multiple-First)", () => {
    // Eggs 0/2 and dates 4/8 free nothing; dates have 4 tiles left, eggs 2.
    const state = makeState("easy", { 0: "egg", 2: "egg", 4: "dates", 8: "dates", 16: "dates", 18: "dates" }, { selected: null });
    const history: MahjongMoveSummary[] = [
      { type: "select", seat: 1, turnNumber: 0, tile: 30, family: "egg", result: "pair", removed: [29, 30], points: 10, passed: [], endReason: null },
    ];
    const move = decide(smartInao, state, history);
    expect(move.type === "select" && [4, 8, 16, 18].includes(move.tile)).toBe(true);
  });

  it.each(BOTS.map((b) => [b.id, b] as const))("%s shuffles when stuck", (_id, bot) => {
    const state = makeState("easy", { 0: "egg", 4: "dates" });
    expect(decide(bot, state)).toEqual({ type: "shuffle" });
  });

  it.each(BOTS.map((b) => [b.id, b] as const))("%s ends its turn once its selection budget is spent", (_id, bot) => {
    const state = makeState("easy", { 0: "egg", 2: "egg" }, { turnNumber: 7 });
    const mine = (turnNumber: number): MahjongMoveSummary => selection(0, turnNumber, 40, "fez");
    const budget = selectionBudget(mahjong.view(state, 0));
    expect(budget).toBe(10);
    expect(decide(bot, state, Array.from({ length: budget }, () => mine(7)))).toEqual({ type: "endTurn" });
    expect(decide(bot, state, Array.from({ length: budget }, () => mine(6)))).toMatchObject({ type: "select" });
  });

  it("RecherchePaire, faces down, finds the selected tile's sister in its memory of the selections", () => {
    const state = makeState("hard", { 0: "egg", 2: "dates", 4: "egg", 12: "fez", 14: "dates" }, { facesHidden: true, selected: 0, seen: [4, 0] });
    expect(decide(recherchePaire, state)).toEqual({ type: "select", tile: 4 });
  });

  it.each([smartInao, smartInaoLookahead].map((b) => [b.id, b] as const))("%s, faces down, takes a pair it remembers", (_id, bot) => {
    const state = makeState("hard", { 0: "egg", 2: "dates", 4: "egg", 12: "fez", 14: "dates" }, { facesHidden: true, seen: [0, 2, 4] });
    const move = decide(bot, state);
    expect(move.type === "select" && [0, 4].includes(move.tile)).toBe(true);
  });

  it("remembers what the hard level's selections showed, through the engine itself, until a shuffle", () => {
    // The log names no face on the hard level (apply.ts): the memory is the game's (memory.ts).
    let state = makeState("hard", { 0: "egg", 2: "dates", 4: "egg", 8: "fez", 12: "fez", 14: "dates" }, { facesHidden: true });
    const history: PublicMoveSummary[] = [];
    for (const tile of [0, 2, 4]) {
      const played = mahjong.apply(state, 0, { type: "select", tile });
      if (!played.ok) throw new Error(played.error);
      expect((played.summary as MahjongMoveSummary & { family?: Family | null }).family).toBeNull();
      history.push(played.summary);
      state = played.state;
    }
    expect(mahjong.botMemory?.(state, 1)).toEqual({ faces: [[0, "egg"], [2, "dates"], [4, "egg"]] }); // every seat saw them
    expect(decide(recherchePaire, { ...state, selected: 0 }, history)).toEqual({ type: "select", tile: 4 }); // 0's sister, remembered
    const shuffled = mahjong.apply(state, 0, { type: "shuffle" });
    if (!shuffled.ok) throw new Error(shuffled.error);
    expect(mahjong.botMemory?.(shuffled.state, 1)).toEqual({ faces: [] }); // faces moved: nothing to remember
  });
});

describe("bots never play an illegal move", () => {
  it("from random positions on every level", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.constantFrom(...LEVELS), fc.integer({ min: 0, max: 120 }), fc.integer(), (seed, level, length, r) => {
        const { state, history } = randomGame(seed, { level }, length);
        if (state.finished) return;
        const legal = mahjong.legalMoves(state, state.turn).map((m) => JSON.stringify(m));
        for (const bot of BOTS) {
          const move = decide(bot, state, history, String(r));
          expect(legal, `${bot.id}: ${JSON.stringify(move)}`).toContain(JSON.stringify(move));
        }
      }),
      { numRuns: 60 },
    );
  });

  it.each(LEVELS)("in whole bot-vs-bot games on %s, which all end", (level) => {
    for (const [i, pair] of ([[recherchePaire, smartInao], [smartInaoLookahead, recherchePaire], [smartInao, smartInaoLookahead]] as const).entries()) {
      const game = playBots({ level }, pair, `${level}-${i}`);
      expect(game.state.finished).toBe(true);
    }
  });
});

describe("fairness: the hidden parts of the state never change a decision", () => {
  it("hard level, faces down: redealing the faces never shown and the RNG changes neither the view nor any bot's move", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 4, max: 100 }), (seed, length) => {
        const { state, history } = randomGame(seed, { level: "hard" }, length);
        if (state.finished || !state.facesHidden) return;
        // Faces shown since the last shuffle (each selection's) may be remembered: those stay.
        const hidden = state.board.flatMap((f, id) => (f !== null && id !== state.selected && !(state.seen ?? []).includes(id) ? [id] : []));
        const faces = new Rng(seedRng(`${seed}/redeal`)).shuffle(hidden.map((id) => state.board[id] ?? null));
        const board = state.board.slice();
        hidden.forEach((id, k) => (board[id] = faces[k] ?? null));
        const other: MahjongState = { ...state, board, rng: [9, 8, 7, 6] };
        // Whether a free pair exists is public by the rules (a stuck player must shuffle, and is told
        // so): a redeal that changes it is not a hidden difference.
        fc.pre(isStuck(other) === isStuck(state));
        expect(mahjong.view(other, state.turn)).toEqual(mahjong.view(state, state.turn));
        for (const bot of BOTS) expect(decide(bot, other, history)).toEqual(decide(bot, state, history));
      }),
      { numRuns: 60 },
    );
  });
});
