import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchRoomLog } from "./historyApi";

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

describe("fetchRoomLog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps which moves a computer played for an absent human (the history's stand-in mark)", async () => {
    const log = {
      roomId: "r",
      gameId: "qwirkle",
      status: "playing",
      seats: [{ nickname: "Alice", kind: "human", bot: null }],
      entries: [
        { moveNumber: 1, seat: 0, summary: { type: "pass" } },
        { moveNumber: 2, seat: 0, summary: { type: "pass" }, standIn: "medium" },
      ],
      replay: null,
    };
    vi.stubGlobal("fetch", vi.fn(async () => answer(log)));
    const result = await fetchRoomLog("r");
    expect(result.ok && result.value.entries.map((entry) => entry.standIn)).toEqual([undefined, "medium"]);
  });
});
