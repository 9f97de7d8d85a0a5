import type { ErasedGame } from "../../shared/engine/erase";
import type { RngState } from "../../shared/engine/rng";
import type { PublicMoveSummary } from "../../shared/engine/types";
import { botRngState, randomFrom } from "../rooms/botRandom";
import type { RoomRecord } from "../rooms/record";

/**
 * Everything a computer seat decides from, as plain data a worker thread can receive: the seat's
 * view, the public log, the game's memory for that seat and where its random numbers start. Never
 * the state nor the room's seed, so a bot cannot see more than its seat, wherever it runs.
 */
export interface BotRequest {
  readonly gameId: string;
  readonly botId: string;
  readonly seat: number;
  readonly view: unknown;
  readonly history: readonly PublicMoveSummary[];
  readonly memory?: unknown;
  readonly rng: RngState;
}

export function botRequestOf(room: RoomRecord, game: ErasedGame, botId: string, seat: number, history: readonly PublicMoveSummary[]): BotRequest {
  const memory = game.botMemory?.(room.state, seat);
  return { gameId: game.id, botId, seat, view: game.view(room.state, seat), history, rng: botRngState(room, seat), ...(memory === undefined ? {} : { memory }) };
}

/** The bot's move for a request, on this thread. */
export function decideHere(game: ErasedGame, request: BotRequest): unknown {
  const bot = game.bots.find((b) => b.id === request.botId);
  if (!bot) throw new Error(`${game.id} has no bot ${request.botId}`);
  const { view, seat, history, memory } = request;
  return bot.decide({ view, seat, history, random: randomFrom(request.rng), ...(memory === undefined ? {} : { memory }) });
}
