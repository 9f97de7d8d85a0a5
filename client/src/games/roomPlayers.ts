import { getContext, setContext, type Snippet } from "svelte";

/** A phone held sideways: BoardLayout puts the board on the left and the rest in a column on the right. */
export const SIDEWAYS = "(orientation: landscape) and (max-height: 500px)";

/**
 * The room's players strip, handed to the board's layout for the games whose board does not show the
 * players: held sideways the room draws it in the board's side column instead of over the board,
 * where its row took a third of the board's height. The getter says whether to, now (null: not).
 */
const KEY = Symbol("room players");
type RoomPlayers = () => Snippet | null;

export const setRoomPlayers = (players: RoomPlayers): void => void setContext(KEY, players);
export const roomPlayers = (): RoomPlayers | undefined => getContext<RoomPlayers | undefined>(KEY);
