import { describe, expect, it } from "vitest";
import type { Card, WhisView } from "../../../../shared/games/whis";
import { drawAction, hintTarget, playMove, step, whyNot } from "./play";

const view = (over: Partial<WhisView>): WhisView =>
  ({ hand: [], playable: [], phase: "play", attack: 0, asked: "fire", drawnCard: null, ...over }) as unknown as WhisView;
const fire: Card = { kind: "simple", element: "fire" };
const water: Card = { kind: "simple", element: "water" };
const light: Card = { kind: "light" };

describe("WHIS client play helpers", () => {
  it("says what Shift does: keep a drawn card, take an attack, pass when a card fits, else draw", () => {
    expect(drawAction(view({ phase: "drawn" }))).toBe("keep");
    expect(drawAction(view({ attack: 4, playable: [true] }))).toBe("draw");
    expect(drawAction(view({ playable: [false, true] }))).toBe("pass");
    expect(drawAction(view({ playable: [false] }))).toBe("draw");
  });

  it.each([
    ["not my turn", view({ hand: [fire], playable: [false] }), 0, false, { code: "NOT_YOUR_TURN" }],
    ["wrong element", view({ hand: [water], playable: [false] }), 0, true, { code: "CARD_NOT_COMPATIBLE", element: "fire" }],
    ["attack active", view({ hand: [light], playable: [false], attack: 2 }), 0, true, { code: "ATTACK_ACTIVE", n: 2 }],
    ["not the drawn card", view({ hand: [fire, water], playable: [false, true], phase: "drawn", drawnCard: water }), 0, true, { code: "NOT_DRAWN_CARD" }],
    ["playable", view({ hand: [fire], playable: [true] }), 0, true, null],
  ])("explains a refused card: %s", (_name, v, index, mine, expected) => {
    expect(whyNot(v, index, mine)).toEqual(expected);
  });

  it("builds play moves with an element only for the cards that choose one", () => {
    expect(playMove(fire, "water")).toEqual({ type: "play", card: fire });
    expect(playMove(light, "wind")).toEqual({ type: "play", card: light, ask: "wind" });
    expect(playMove({ kind: "special", element: "water" }, "fire")).toEqual({ type: "play", card: { kind: "special", element: "water" }, ask: "fire" });
  });

  it("points a hint at the playable copy of the card, or at a button", () => {
    const v = view({ hand: [fire, light, light], playable: [false, true, true] });
    expect(hintTarget(v, { type: "play", card: light, ask: "water" })).toEqual({ index: 1, element: "water", action: null });
    expect(hintTarget(v, { type: "pass" })).toEqual({ index: null, element: null, action: "pass" });
    expect(hintTarget(v, null)).toBeNull();
  });

  it("wraps the arrow keys around the hand", () => {
    expect(step(0, -1, 3)).toBe(2);
    expect(step(2, 1, 3)).toBe(0);
    expect(step(0, 1, 0)).toBe(0);
  });
});
