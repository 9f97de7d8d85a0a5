import type { Component } from "svelte";
import type { Seat } from "../../../shared/engine/types";
import type { LogEntry, RoomPublic } from "../../../shared/protocol";
import type { ActionResult } from "../room/roomState.svelte";
import type { Translate } from "../lib/errors";
import type { GameHistory } from "./history";
import type { PlayerColour } from "../room/seatColors";

/** What the game-agnostic room page (and the replay page) hands to a game's board component. */
export interface BoardProps {
  readonly room: RoomPublic;
  /**
   * The seat this screen plays for; null = no seat's private side may be shown. With null the board
   * must render only public information, even when `view` is a seated view: pass-and-play hands it
   * one between two local players' turns, and nothing private may reach the DOM then.
   */
  readonly seat: Seat | null;
  readonly view: unknown; // the game's own view for `seat` (validated by the game's client code)
  readonly currentSeats: readonly Seat[]; // who must move now
  readonly nicknames: readonly string[]; // display name per seat
  /**
   * Each seat's player colour, by seat, from the room page: a player keeps theirs in every game of
   * the table whatever seat they take, so boards draw players with it, never by seat number.
   */
  readonly colours: readonly PlayerColour[];
  readonly log: readonly LogEntry[];
  /** Sends a move for `seat`. Errors are already shown to the player by the room page. */
  readonly sendMove: (move: unknown) => Promise<ActionResult>;
  /**
   * A suggested move for `seat` ("show my best move"); highlight it. The room has checked it with the
   * game's move schema (`GameClient.loadMoveSchema`): when present, it is one of the game's moves.
   */
  readonly hint?: unknown;
  /**
   * The server's running countdown (turn clock, peek window) as of this snapshot: count down from
   * `remainingMs` starting when the prop arrives (independent of the device's clock). Null when none.
   */
  readonly timer?: { readonly key: string; readonly remainingMs: number; readonly durationMs: number } | null;
  /**
   * Whether `seat` is one this device holds (default true): a replay shows any seat's hand to any
   * viewer, and only the viewer's own seats may be called "you".
   */
  readonly seatIsYours?: boolean;
  /**
   * Show the position (and `seat`'s hand) with no move controls: a replay, and a paused game (the
   * server refuses its moves until the host resumes it, so the board must not invite one).
   */
  readonly readOnly?: boolean;
}

/** What a move schema offers the room (zod's safeParse), so the room's files need no zod of their own. */
export interface MoveSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}

/** One game's client side: everything the room and rules pages need, found by game id. */
export interface GameClient {
  readonly Board: Component<BoardProps>;
  /** The rules, as a component of a chunk of its own: fetched when someone opens them, not with every room (issue 31's weight). */
  readonly loadRules: () => Promise<Component>;
  /**
   * The game's move schema, in a chunk of its own: the room checks a hint with it, like any move
   * from outside, loading it when the first hint comes (most rooms never ask for one).
   */
  readonly loadMoveSchema: () => Promise<MoveSchema>;
  /**
   * The board shows every player itself (names, scores, whose turn, a clock): the room then shows no
   * players strip of its own, so nobody is listed twice on a phone's first screen.
   */
  readonly playersOnBoard?: boolean;
  /** The board says each move to a screen reader itself (a live region of its own): the room's announcer stays quiet. */
  readonly announcesMoves?: boolean;
  /**
   * The board says whose turn it is in a live region of its own, to everyone ("always") or only to a
   * seated player ("seated": a spectator's board has no turn line): the room's turn line is then not
   * said as well.
   */
  readonly saysTurn?: "always" | "seated";
  /** An extra line under a player's name in the players panel (e.g. "6 tiles"), or null. */
  readonly seatDetail?: (view: unknown, seat: Seat, t: Translate) => string | null;
  /**
   * What the players panel shows as `seat`'s score from this screen's view, when the platform's
   * outcome cannot say it (Memoarr!'s rubies are secret until the end: one's own total, "?" for the
   * others); null = the outcome's score. `title` explains a hidden score.
   */
  readonly seatScore?: (view: unknown, seat: Seat, t: Translate) => { readonly text: string; readonly title?: string } | null;
  /**
   * How the end screen writes a final score `{n}` when it is not points: a message id (Memoarr!'s
   * rubies, "3 rubis"; Halma's distance gained, "87 cases gagnées"). Default: points.
   */
  readonly scoreMessage?: string;
  /**
   * A move record of the log (`summary`) as short text for the history: "ebC1 ecC2 (+7)". `names`
   * are the players' display names per seat, for records that mention another seat (a clock's).
   */
  readonly formatSummary?: (summary: unknown, t: Translate, names: readonly string[]) => string | null;
  /**
   * A move record as a sentence with pictures of the pieces, for the history ("Alice placed 3 tiles
   * [tiles] for 7 points"); `formatSummary` stays its notation, behind the history's switch.
   */
  readonly history?: GameHistory;
}
