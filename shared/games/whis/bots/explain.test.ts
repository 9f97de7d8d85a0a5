import { describe, expect, it } from "vitest";
import type { WhisMoveSummary, WhisState } from "../types";
import { viewFor } from "../view";
import { Explainer, RULE_WEIGHT } from "./explain";
import { mediumGame } from "./gamekit";
import { codeOf, type Code } from "./simulate";
import { timelineOf, type RoundEvent, type Slot, type Timeline } from "./timeline";

// Codes: element × 4 + kind (water 0, fire 1, wind 2; simple 0, attack 1, special 2, transition 3).
const SIMPLE_WATER = 0;
const VOLT = 3; // the water transition: wind is asked next
const SIMPLE_FIRE = 4;
const SIMPLE_WIND = 8;

const dealt = (codes: readonly Code[], playedAt: (i: number) => number = () => Infinity): Slot[] =>
  codes.map((code, i) => ({ arrived: -1, code, playedAt: playedAt(i), locked: false }));

function oneMove(ev: Partial<RoundEvent> & Pick<RoundEvent, "type">, slots: Slot[]): Timeline {
  const event: RoundEvent = { seat: 1, code: -1, ask: -1, fromDraw: false, count: 0, penalty: false, deciding: false, asked: 0, attack: 0, close: false, ...ev };
  return { events: [event], slots: [[], slots], unmodelled: new Set(), pileSource: null };
}

describe("WHIS opponent model: how a guess explains a medium player's moves", () => {
  it("among tied cards, medium plays the one it holds first", () => {
    // Water asked. Simple Water leads to water and Volt to wind; with one other water card and one
    // wind card in the rest of the hand they score the same, so medium plays whichever it holds first.
    const rest = [SIMPLE_WIND, SIMPLE_FIRE, SIMPLE_FIRE, SIMPLE_FIRE];
    const voltFirst = dealt([VOLT, SIMPLE_WATER, ...rest], (i) => (i === 0 ? 0 : Infinity));
    expect(new Explainer(oneMove({ type: "play", code: VOLT }, voltFirst)).mismatches(1)).toBe(0);
    const waterFirst = dealt([SIMPLE_WATER, VOLT, ...rest], (i) => (i === 1 ? 0 : Infinity));
    expect(new Explainer(oneMove({ type: "play", code: VOLT }, waterFirst)).mismatches(1)).toBe(1);
    // Without the tie (a second wind card), Volt scores higher wherever it is held.
    const noTie = dealt([SIMPLE_WATER, VOLT, SIMPLE_WIND, SIMPLE_WIND, SIMPLE_FIRE, SIMPLE_FIRE], (i) => (i === 1 ? 0 : Infinity));
    expect(new Explainer(oneMove({ type: "play", code: VOLT }, noTie)).mismatches(1)).toBe(0);
  });

  it("drawing while holding a playable card breaks the rules; the drawn card must match 'deciding'", () => {
    const draw = (codes: Code[], drawnCode: Code, deciding: boolean): number => {
      const slots = [...dealt(codes), { arrived: 0, code: drawnCode, playedAt: Infinity, locked: false }];
      return new Explainer(oneMove({ type: "draw", count: 1, asked: 0, deciding }, slots)).mismatches(1);
    };
    const fires = [SIMPLE_FIRE, SIMPLE_FIRE, SIMPLE_FIRE, SIMPLE_WIND, SIMPLE_WIND, SIMPLE_WIND];
    expect(draw(fires, SIMPLE_FIRE, false)).toBe(0);
    expect(draw([SIMPLE_WATER, ...fires.slice(1)], SIMPLE_FIRE, false)).toBe(RULE_WEIGHT);
    expect(draw(fires, SIMPLE_WATER, false)).toBe(RULE_WEIGHT); // it could play the card it drew
    expect(draw(fires, SIMPLE_WATER, true)).toBe(0);
  });

  it("the true cards explain every move of whole games of medium players", () => {
    let checked = 0;
    for (const seed of ["t1", "t2", "t3", "t4"]) {
      let arrived: Code[][] = []; // each seat's cards this round in the order they arrived: dealt, then drawn
      let before: WhisState | null = null;
      for (const { state, history } of mediumGame(seed)) {
        const last = history.at(-1) as WhisMoveSummary | undefined;
        if (before === null || (last?.type !== "keep" && last?.roundEnd !== null)) arrived = state.hands.map((h) => h.map(codeOf));
        else if (last.type === "draw" || last.type === "pass") arrived[last.seat]?.push(...(state.hands[last.seat] ?? []).slice(before.hands[last.seat]?.length).map(codeOf));
        before = state;
        if (state.finished || history.length % 5 !== 0) continue;
        const timeline = timelineOf(viewFor(state, state.turn), history, () => 0.5);
        expect(timeline).not.toBeNull();
        for (const other of [1, 2, 3].map((d) => (state.turn + d) % 4)) {
          trueSlots(timeline?.slots[other] ?? [], arrived[other] ?? []);
          expect(new Explainer(timeline as Timeline).mismatches(other)).toBe(0);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
  });
});

/**
 * Gives `slots` (the timeline's guess) the true cards: the i-th slot arrived as the i-th card, and
 * each played card is matched to a slot holding that card which had arrived by then.
 */
function trueSlots(slots: Slot[], arrived: readonly Code[]): void {
  const plays = slots.filter((s) => s.playedAt !== Infinity).map((s) => ({ at: s.playedAt, code: s.code, locked: s.locked, slot: s }));
  const fresh = slots.map((s, i) => ({ arrived: s.arrived, code: arrived[i] ?? -1, playedAt: Infinity, locked: false }));
  for (const p of plays.sort((a, b) => a.at - b.at)) {
    const j = p.locked ? slots.indexOf(p.slot) : fresh.findIndex((s, i) => s.playedAt === Infinity && s.code === p.code && s.arrived < p.at && !(slots[i] as Slot).locked);
    const target = fresh[j];
    if (target === undefined) throw new Error("no slot holds the card played");
    [target.playedAt, target.locked] = [p.at, p.locked];
  }
  slots.splice(0, slots.length, ...fresh);
}
