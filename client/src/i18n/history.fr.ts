import type { historyEn } from "./history.en";

export const historyFr: typeof historyEn = {
  moveHistory: {
    notation: "Notation",
    notationHint: "Afficher les coups dans la notation du jeu plutôt qu’en phrases",
  },
};
