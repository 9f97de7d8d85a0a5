import type { ErasedGame } from "../../../../shared/engine/erase";
import { replayStates } from "../../../../shared/engine/replay";
import type { RoomLog } from "../../lib/historyApi";

/**
 * Every position of a finished game, from the deal to the last move, rebuilt as the server rebuilds
 * a room (`replayStates`: a move of the clock, seat -1, is the game's own timeout). `brokenAt`: the
 * number of the first move the engine refused (a game whose rules changed since), the replay stopping before it.
 */
export function rebuild(game: ErasedGame | null, log: RoomLog): { states: unknown[]; brokenAt: number | null } {
  const replay = log.replay;
  if (game === null || replay === null) return { states: [], brokenAt: null };
  // The stored options were parsed when the room was created; parsing again fills any default added since.
  const options = game.optionsSchema.safeParse(replay.options);
  const { states, brokenAt } = replayStates(game, { ...replay, options: options.success ? options.data : replay.options });
  return { states, brokenAt: brokenAt === null ? null : brokenAt + 1 };
}
