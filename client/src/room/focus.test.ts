import { describe, expect, it } from "vitest";
import { focusOf, type Focus, type FocusInput } from "./focus";

const input = (patch: Partial<FocusInput>): FocusInput => ({ localSeats: [0, 1], currentSeats: [0], revealed: null, finished: false, ...patch });

describe("focusOf (pass-and-play)", () => {
  it.each<[string, Partial<FocusInput>, Focus]>([
    ["one seat: its hand, no curtain", { localSeats: [1], currentSeats: [0] }, { toMove: null, curtainFor: null, boardSeat: 1 }],
    ["watching: no seat", { localSeats: [], currentSeats: [0] }, { toMove: null, curtainFor: null, boardSeat: null }],
    ["start, a local seat to move: curtain first", {}, { toMove: 0, curtainFor: 0, boardSeat: null }],
    ["after the tap: that seat's hand", { revealed: 0 }, { toMove: 0, curtainFor: null, boardSeat: 0 }],
    ["the turn passes to the other local seat: curtain, no hand", { revealed: 0, currentSeats: [1] }, { toMove: 1, curtainFor: 1, boardSeat: null }],
    ["a remote seat moves: the last local hand stays", { revealed: 1, currentSeats: [2], localSeats: [0, 1] }, { toMove: null, curtainFor: null, boardSeat: 1 }],
    ["a remote seat moves before any tap: no hand", { currentSeats: [2] }, { toMove: null, curtainFor: null, boardSeat: null }],
    ["game over: no curtain", { currentSeats: [1], revealed: 0, finished: true }, { toMove: 1, curtainFor: null, boardSeat: 0 }],
    ["a revealed seat we no longer hold is never shown", { localSeats: [0, 1], revealed: 3, currentSeats: [2] }, { toMove: null, curtainFor: null, boardSeat: null }],
  ])("%s", (_name, patch, expected) => {
    expect(focusOf(input(patch))).toEqual(expected);
  });
});
