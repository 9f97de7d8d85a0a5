import type { BotStrategy } from "../../../engine/types";
import { ELEMENTS, type WhisMove, type WhisView } from "../types";
import { knowledgeOf } from "./knowledge";

/**
 * "Facile": plays the first compatible card of its hand (the drawn card when it drew one that fits),
 * asking for a random element after Prism, Light or Darkness; draws when nothing fits. Never passes.
 */
export const easy: BotStrategy<WhisView, WhisMove> = {
  id: "easy",
  names: { fr: "Facile", en: "Easy" },
  decide(input) {
    const k = knowledgeOf(input);
    const first = k.moves.find((m) => m.type === "play");
    if (first !== undefined && first.type === "play") {
      const ask = first.ask === undefined ? undefined : ELEMENTS[Math.floor(input.random() * ELEMENTS.length)];
      return ask === undefined ? first : { ...first, ask };
    }
    return k.moves.find((m) => m.type === "draw") ?? k.moves.find((m) => m.type === "keep") ?? { type: "pass" };
  },
};
