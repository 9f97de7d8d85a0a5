import type { GameClient } from "./types";
import { qwirkleClient } from "./qwirkle";

/**
 * Game id → client components. The room page only ever looks games up here, so adding a game's
 * UI is one folder plus one line.
 */
const CLIENTS: Readonly<Record<string, GameClient>> = {
  qwirkle: qwirkleClient,
};

export function gameClient(gameId: string): GameClient | undefined {
  return CLIENTS[gameId];
}
