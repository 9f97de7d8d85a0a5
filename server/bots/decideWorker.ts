import { findGame } from "../../shared/games/registry";
import { decideHere, type BotRequest } from "./request";

/** A bot-thread task (see threads.ts): one decision of a registered game's bot. */
export default function decide(request: BotRequest): unknown {
  const game = findGame(request.gameId);
  if (!game) throw new Error(`no game ${request.gameId} in the registry`);
  return decideHere(game, request);
}
