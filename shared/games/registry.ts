import { eraseGame, type ErasedGame } from "../engine/erase";
import { halma } from "./halma";
import { mahjong } from "./mahjong";
import { memoarr } from "./memoarr";
import { qwirkle } from "./qwirkle";
import { whis } from "./whis";

/** Every playable game. Adding a game = adding its folder and one line here (plus its board component). */
export const GAMES: readonly ErasedGame[] = [eraseGame(qwirkle), eraseGame(halma), eraseGame(whis), eraseGame(memoarr), eraseGame(mahjong)];

/** Games announced on the home page but not playable yet, in the order they will land. */
export const UPCOMING_GAMES: readonly { readonly id: string; readonly names: { readonly fr: string; readonly en: string } }[] = [];

export function findGame(id: string): ErasedGame | undefined {
  return GAMES.find((game) => game.id === id);
}
