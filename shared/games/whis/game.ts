import type { GameDefinition } from "../../engine/types";
import { applyMove } from "./apply";
import { easy, hard, medium } from "./bots";
import { DEFAULT_DECK } from "./cards";
import { legalMoves } from "./legal";
import { currentSeats, outcomeOf } from "./outcome";
import { moveSchema, optionsSchema } from "./schemas";
import { MAX_SEATS, MIN_SEATS, setupGame } from "./setup";
import { DEFAULT_ROUNDS, type WhisError, type WhisMove, type WhisOptions, type WhisState, type WhisView } from "./types";
import { viewFor, viewParts } from "./view";

/** WHIS (the Tales of Eternia card game) as the platform sees it: plain data and pure functions. */
export const whis: GameDefinition<WhisOptions, WhisState, WhisMove, WhisView, WhisError> = {
  id: "whis",
  names: { fr: "WHIS", en: "WHIS" },
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
  // "Show my best move" is worked out on the server's event loop at every change: medium's move is
  // instant and follows rules a player can see (keep attacks, dump big cards, ask your strongest
  // element), where hard's search takes up to ~0.6 s.
  hintBot: "medium",
  demo: { options: { deck: DEFAULT_DECK, rounds: DEFAULT_ROUNDS }, bots: ["hard", "medium", "medium", "easy"] }, // the seed's table of four
};
