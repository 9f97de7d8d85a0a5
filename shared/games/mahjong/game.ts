import type { GameDefinition } from "../../engine/types";
import { applyMove } from "./apply";
import { recherchePaire, smartInao, smartInaoLookahead } from "./bots";
import { legalMoves } from "./legal";
import { currentSeats, outcomeOf } from "./outcome";
import { SEATS } from "./rules";
import { moveSchema, optionsSchema } from "./schemas";
import { setupGame } from "./setup";
import { onTurnTimeout, turnTimer } from "./timer";
import type { MahjongError, MahjongMove, MahjongOptions, MahjongState, MahjongView } from "./types";
import { botMemoryFor } from "./memory";
import { viewFor, viewParts } from "./view";

/** Mahjong++ as the platform sees it: a two-player race on a solitaire layout, with a turn clock. */
export const mahjong: GameDefinition<MahjongOptions, MahjongState, MahjongMove, MahjongView, MahjongError> = {
  id: "mahjong",
  names: { fr: "Mahjong++", en: "Mahjong++" },
  minSeats: SEATS,
  maxSeats: SEATS,
  optionsSchema,
  moveSchema,
  setup: setupGame,
  apply: applyMove,
  view: viewFor,
  viewParts,
  legalMoves,
  currentSeats,
  outcome: outcomeOf,
  bots: [recherchePaire, smartInao, smartInaoLookahead],
  timer: turnTimer,
  onTimeout: onTurnTimeout,
  hintBot: "hard",
  botMemory: botMemoryFor,
  // A race against a 15-25 s turn countdown: over days every turn would pass on the clock.
  slowPace: false,
  demo: { options: { level: "easy" }, bots: ["medium", "easy"] }, // the seed's player-vs-computer levels, watched
};
