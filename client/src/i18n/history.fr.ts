import type { historyEn } from "./history.en";

export const historyFr: typeof historyEn = {
  moveHistory: {
    notation: "Notation",
    notationHint: "Afficher les coups en notation plutôt qu’en phrases",
  },
};
