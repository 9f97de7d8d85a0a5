// The move history's own texts (the games' sentences are in each game's messages).
export const historyEn = {
  moveHistory: {
    notation: "Notation",
    notationHint: "Show the moves in notation instead of sentences",
  },
};
