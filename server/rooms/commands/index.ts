/** The kinds of change to a room, one file per family; each builds a `Command` for `RoomPass.run`. */
export * as clocks from "./clocks";
export * as computer from "./computer";
export * as lobby from "./lobby";
export * as moves from "./moves";
export { playAgain } from "./playAgain";
export * as table from "./table";
