import { afterAll, describe, expect, it } from "vitest";
import { eraseGame } from "../../shared/engine/erase";
import { seedRng } from "../../shared/engine/rng";
import { findGame } from "../../shared/games/registry";
import { legalMoves, whis } from "../../shared/games/whis";
import { mediumGame } from "../../shared/games/whis/bots/gamekit";
import { decideHere, type BotRequest } from "./request";
import { ThreadDecider } from "./threads";

/** A WHIS position, several rounds in, where the seat to play has a real choice for `hard` to think about. */
function whisRequest(): BotRequest {
  for (const { state, history } of mediumGame("bot-threads")) {
    if (state.round >= 2 && legalMoves(state, state.turn).length >= 4) {
      return { gameId: "whis", botId: "hard", seat: state.turn, view: whis.view(state, state.turn), history: [...history], rng: seedRng("bot-threads:1") };
    }
  }
  throw new Error("no such position");
}

describe("ThreadDecider", () => {
  const decider = new ThreadDecider(1, (error) => {
    throw error;
  });
  afterAll(() => decider.close());

  it("decides a registered game's bot on a worker thread, the same move as on this thread", async () => {
    const request = whisRequest();
    const game = findGame("whis");
    if (!game) throw new Error("whis is not registered");
    const here = decideHere(game, request);
    await expect(decider.decide(game, request)).resolves.toEqual(here);
    expect(decider.threadDecisions).toBe(1);
  }, 60_000);

  it("decides on this thread for a game the registry does not hold (a thread could not find it)", async () => {
    const game = { ...eraseGame(whis), id: "whis-copy" };
    const request = { ...whisRequest(), gameId: game.id, botId: "easy" };
    const before = decider.threadDecisions;
    await expect(decider.decide(game, request)).resolves.toEqual(decideHere(game, request));
    expect(decider.threadDecisions).toBe(before);
  });

  it("rejects, without stopping the pool, when the bot cannot decide", async () => {
    const game = findGame("whis");
    if (!game) throw new Error("whis is not registered");
    await expect(decider.decide(game, { ...whisRequest(), botId: "nobody" })).rejects.toThrow(/no bot nobody/);
    await expect(decider.decide(game, { ...whisRequest(), botId: "easy" })).resolves.toBeTypeOf("object");
  }, 60_000);

  it("abandons a decision that runs past its time limit", async () => {
    const hasty = new ThreadDecider(1, () => undefined, 1); // 1 ms: not even time to start the thread
    const game = findGame("whis");
    if (!game) throw new Error("whis is not registered");
    try {
      await expect(hasty.decide(game, whisRequest())).rejects.toThrow(/abort/i);
    } finally {
      await hasty.close();
    }
  }, 60_000);

  it("refuses decisions once closed, rather than starting a new thread", async () => {
    const closing = new ThreadDecider(1, () => undefined);
    await closing.close();
    const game = findGame("whis");
    if (!game) throw new Error("whis is not registered");
    await expect(closing.decide(game, whisRequest())).rejects.toThrow(/shutting down/);
    expect(closing.threadDecisions).toBe(0);
  });
});
