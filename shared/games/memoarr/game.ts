import type { GameDefinition } from "../../engine/types";
import { applyMove, onTimeout } from "./apply";
import { easy, hard, medium } from "./bots";
import { legalMoves } from "./legal";
import { currentSeats, outcomeOf, timerOf } from "./outcome";
import { moveSchema, optionsSchema } from "./schemas";
import { MAX_SEATS, MIN_SEATS, setupGame } from "./setup";
import type { MemoarrError, MemoarrMove, MemoarrOptions, MemoarrState, MemoarrView } from "./types";
import { botMemoryFor, viewFor, viewParts } from "./view";

/** Memoarr! as the platform sees it: the memory grid, 7 rounds of rubies, optional expert rules. */
export const memoarr: GameDefinition<MemoarrOptions, MemoarrState, MemoarrMove, MemoarrView, MemoarrError> = {
  id: "memoarr",
  names: { fr: "Memoarr!", en: "Memoarr!" },
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
  botMemory: botMemoryFor,
  timer: timerOf,
  onTimeout,
  demo: { options: { expertRules: true, expertDisplay: false, peekSeconds: 5 }, bots: ["hard", "medium", "medium"] },
};
