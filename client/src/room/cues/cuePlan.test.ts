import { describe, expect, it } from "vitest";
import { activatesPage, CUES, planCue, type Cue } from "./cuePlan";

describe("planCue", () => {
  it.each<[Cue, boolean, boolean, { sound: boolean; vibrate: boolean; missed: boolean }]>([
    // cue, sound on, page activated → plan
    ["yourTurn", true, true, { sound: true, vibrate: true, missed: false }],
    ["yourTurn", true, false, { sound: false, vibrate: false, missed: true }], // opened from a link: say so, ask nothing
    ["yourTurn", false, true, { sound: false, vibrate: true, missed: false }], // muted: still feel the turn
    ["yourTurn", false, false, { sound: false, vibrate: false, missed: false }], // muted: nothing was missed
    ["tick", true, false, { sound: false, vibrate: false, missed: true }],
    ["chat", true, true, { sound: true, vibrate: false, missed: false }],
    ["gameOver", false, true, { sound: false, vibrate: false, missed: false }],
  ])("%s, sound %s, activated %s", (cue, soundOn, activated, plan) => {
    expect(planCue(cue, soundOn, activated)).toEqual(plan);
  });

  it("never asks the browser for sound or vibration before the first gesture", () => {
    for (const cue of CUES) {
      for (const soundOn of [true, false]) {
        const plan = planCue(cue, soundOn, false);
        expect(plan.sound || plan.vibrate).toBe(false);
        expect(plan.missed).toBe(soundOn);
      }
    }
  });
});

describe("activatesPage", () => {
  it.each([
    [{ type: "pointerdown", pointerType: "mouse" }, true],
    [{ type: "pointerdown", pointerType: "touch" }, false], // a touch may still become a scroll
    [{ type: "pointerdown", pointerType: "pen" }, false],
    [{ type: "pointerup", pointerType: "touch" }, true],
    [{ type: "pointerup", pointerType: "pen" }, true],
    [{ type: "pointerup", pointerType: "mouse" }, false],
    [{ type: "touchend" }, true],
    [{ type: "click" }, true],
    [{ type: "keydown", key: "a" }, true],
    [{ type: "keydown", key: "Enter" }, true],
    [{ type: "keydown", key: "Escape" }, false],
    [{ type: "scroll" }, false],
  ])("%o → %s", (event, expected) => {
    expect(activatesPage(event)).toBe(expected);
  });
});
