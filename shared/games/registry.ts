import { eraseGame, type ErasedGame } from "../engine/erase";
import { qwirkle } from "./qwirkle";

/** Every playable game. Adding a game = adding its folder and one line here (plus its board component). */
export const GAMES: readonly ErasedGame[] = [eraseGame(qwirkle)];

/** Games announced on the home page but not playable yet, in the order they will land. */
export const UPCOMING_GAMES = [
  { id: "mahjong", names: { fr: "Mahjong++", en: "Mahjong++" } },
  { id: "whis", names: { fr: "WHIS", en: "WHIS" } },
  { id: "halma", names: { fr: "Halma", en: "Halma" } },
  { id: "memoarr", names: { fr: "Memoarr!", en: "Memoarr!" } },
] as const;

export function findGame(id: string): ErasedGame | undefined {
  return GAMES.find((game) => game.id === id);
}
