// The Qwirkle computer players, weakest first, as listed in the game definition.
export { easy } from "./easy";
export { hard } from "./hard";
export { medium } from "./medium";
