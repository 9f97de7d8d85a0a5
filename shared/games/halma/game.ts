import type { GameDefinition } from "../../engine/types";
import { applyMove } from "./apply";
import { easy, hard, medium } from "./bots";
import { legalMoves } from "./legal";
import { currentSeats, outcomeOf } from "./outcome";
import { moveSchema, optionsSchema } from "./schemas";
import { MAX_SEATS, MIN_SEATS, setupGame } from "./setup";
import { SEAT_COUNTS } from "./types";
import type { HalmaError, HalmaMove, HalmaOptions, HalmaState, HalmaView } from "./types";
import { viewFor, viewParts } from "./view";

/** Halma as the platform sees it. Seats: 2 or 4 only (`seatCounts`: the lobby refuses 3). */
export const halma: GameDefinition<HalmaOptions, HalmaState, HalmaMove, HalmaView, HalmaError> = {
  id: "halma",
  names: { fr: "Halma", en: "Halma" },
  minSeats: MIN_SEATS,
  maxSeats: MAX_SEATS,
  seatCounts: SEAT_COUNTS,
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
  hintBot: "hard",
  humanFirst: true, // the seed: « Le joueur humain joue toujours en premier » (issue 5)
  demo: { options: {}, bots: ["hard", "medium"] }, // the seed's machine-vs-machine game
};
