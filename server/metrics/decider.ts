import { performance } from "node:perf_hooks";
import type { BotDecider } from "../bots/threads";
import type { Metrics } from "./metrics";

/** `decider` with every decision counted and timed (by game and bot), wherever it runs. */
export function observedDecider(decider: BotDecider, metrics: Pick<Metrics, "decision">): BotDecider {
  return {
    async decide(game, request) {
      const start = performance.now();
      let ok = false;
      try {
        const move = await decider.decide(game, request);
        ok = true;
        return move;
      } finally {
        metrics.decision(game.id, request.botId, (performance.now() - start) / 1000, ok);
      }
    },
    get threadDecisions() {
      return decider.threadDecisions;
    },
    get queued() {
      return decider.queued ?? 0;
    },
    close: () => decider.close(),
  };
}
