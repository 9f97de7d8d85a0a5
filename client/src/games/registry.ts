import type { GameClient } from "./types";
import { memoarrClient } from "./memoarr";
import { qwirkleClient } from "./qwirkle";
import { halmaClient } from "./halma";
import { whisClient } from "./whis";
import { mahjongClient } from "./mahjong";

/**
 * Game id → client components. The room page only ever looks games up here, so adding a game's
 * UI is one folder plus one line.
 */
const CLIENTS: Readonly<Record<string, GameClient>> = {
  qwirkle: qwirkleClient,
  halma: halmaClient,
  memoarr: memoarrClient,
  whis: whisClient,
  mahjong: mahjongClient,
};

export function gameClient(gameId: string): GameClient | undefined {
  return CLIENTS[gameId];
}
