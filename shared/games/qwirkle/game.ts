import type { GameDefinition } from "../../engine/types";
import { applyMove } from "./apply";
import { easy, hard, medium } from "./bots";
import { legalMoves } from "./legal";
import { currentSeats, outcomeOf } from "./outcome";
import { moveSchema, optionsSchema } from "./schemas";
import { MAX_SEATS, MIN_SEATS, setupGame } from "./setup";
import type { QwirkleError, QwirkleMove, QwirkleOptions, QwirkleState, QwirkleView } from "./types";
import { viewFor, viewParts } from "./view";

/** Qwirkle as the platform sees it: plain data and pure functions, and three computer players. */
export const qwirkle: GameDefinition<QwirkleOptions, QwirkleState, QwirkleMove, QwirkleView, QwirkleError> = {
  id: "qwirkle",
  names: { fr: "Qwirkle", en: "Qwirkle" },
  minSeats: MIN_SEATS,
  maxSeats: MAX_SEATS,
  optionsSchema,
  moveSchema,
  setup: setupGame,
  apply: applyMove,
  view: viewFor,
  viewParts,
  legalMoves,
  currentSeats,
  outcome: outcomeOf,
  bots: [easy, medium, hard],
  hintBot: "medium", // "show my best move" = the highest-scoring move, which a player can understand
  demo: { options: { mode: "quick", board: "12x26" }, bots: ["hard", "medium"] }, // the seed's computer-vs-computer demo
};
