import { describe, expect, it } from "vitest";
import type { Translate } from "../lib/errors";
import { seatNames } from "./seatNames";

/** A stand-in for svelte-i18n: the key and its values, so the test pins what is asked for. */
const t: Translate = (id, options) => `${id}${options?.values ? JSON.stringify(options.values) : ""}`;
const level = (bot: string | null): string => (bot === "easy" ? "Easy" : "Hard");

describe("seatNames", () => {
  it("names humans by nickname, computers by level, empty seats by number", () => {
    const seats = [
      { kind: "human", nickname: "Alice", bot: null },
      { kind: "computer", nickname: "Hard", bot: "hard" },
      { kind: "open", nickname: null, bot: null },
    ];
    expect(seatNames(seats, level, t)).toEqual(["Alice", 'room.computerName{"level":"Hard"}', 'room.seatN{"n":3}']);
  });

  it("adds the seat number to names shown twice", () => {
    const seats = [
      { kind: "computer", nickname: "Easy", bot: "easy" },
      { kind: "computer", nickname: "Easy", bot: "easy" },
      { kind: "human", nickname: "Bob", bot: null },
    ];
    expect(seatNames(seats, level, t)).toEqual(['room.computerName{"level":"Easy"} #1', 'room.computerName{"level":"Easy"} #2', "Bob"]);
  });
});
