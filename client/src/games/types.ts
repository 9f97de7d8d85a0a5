import type { Component } from "svelte";
import type { Seat } from "../../../shared/engine/types";
import type { LogEntry, RoomPublic } from "../../../shared/protocol";
import type { ActionResult } from "../room/roomState.svelte";
import type { Translate } from "../lib/errors";

/** What the game-agnostic room page hands to a game's board component. */
export interface BoardProps {
  readonly room: RoomPublic;
  readonly seat: Seat | null; // the seat this screen plays for; null = watching
  readonly view: unknown; // the game's own view for `seat` (validated by the game's client code)
  readonly currentSeats: readonly Seat[]; // who must move now
  readonly nicknames: readonly string[]; // display name per seat
  readonly log: readonly LogEntry[];
  /** Sends a move for `seat`. Errors are already shown to the player by the room page. */
  readonly sendMove: (move: unknown) => Promise<ActionResult>;
}

/** One game's client side: everything the room and rules pages need, found by game id. */
export interface GameClient {
  readonly Board: Component<BoardProps>;
  readonly Rules: Component;
  /** An extra line under a player's name in the players panel (e.g. "6 tiles"), or null. */
  readonly seatDetail?: (view: unknown, seat: Seat, t: Translate) => string | null;
}
