// The public surface of the WHIS engine: the game definition and the helpers bots, tests and the client use.
export { whis } from "./game";
export * from "./types";
export {
  ALL_CARDS,
  ATTACK_DRAW,
  buildDeck,
  canPlay,
  CARD_VALUES,
  cardKey,
  cardValue,
  choosesElement,
  DEFAULT_DECK,
  deckSize,
  elementOf,
  HAND_LIMIT,
  HAND_SIZE,
  handValue,
  isWild,
  sameCard,
  SPECIAL_NAMES,
  TRANSITION_NAMES,
  TRANSITION_TARGET,
  type Situation,
} from "./cards";
export { roundScores, type RoundEnd, type ScoredCard } from "./scoring";
export { cardSchema, deckSchema, moveSchema, optionsSchema } from "./schemas";
export { legalMoves } from "./legal";
