import { describe, expect, it } from "vitest";
import { countedTitle, waitingFirst } from "./yourTurn";

const room = (id: string, yourTurn: boolean, deadline: string | null = null) => ({ id, yourTurn, deadline });

describe("waitingFirst", () => {
  it("puts the rooms waiting on this device first, closest deadline first, and keeps the others' order", () => {
    const rooms = [
      room("a", false),
      room("b", true),
      room("c", true, "2026-01-03T00:00:00.000Z"),
      room("d", false, null),
      room("e", true, "2026-01-02T00:00:00.000Z"),
    ];
    expect(waitingFirst(rooms).map((r) => r.id)).toEqual(["e", "c", "b", "a", "d"]);
  });

  it("leaves a list with nothing waiting as it is", () => {
    const rooms = [room("x", false), room("y", false)];
    expect(waitingFirst(rooms)).toEqual(rooms);
  });
});

describe("countedTitle", () => {
  it.each([
    [0, "Tablée"],
    [1, "(1) Tablée"],
    [2, "(2) Tablée"],
  ])("%i waiting", (n, title) => expect(countedTitle(n)).toBe(title));
});
