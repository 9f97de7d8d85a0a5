/** The table's sound cues. */
export const CUES = ["yourTurn", "illegal", "tick", "chat", "gameOver"] as const;
export type Cue = (typeof CUES)[number];

/** What to do for one cue. Pure, so it is tested without a browser. */
export interface CuePlan {
  readonly sound: boolean; // play it now
  readonly vibrate: boolean; // and buzz the phone
  readonly missed: boolean; // it should have been heard but the browser would refuse: offer "Turn on sound"
}

/**
 * Browsers refuse sound and vibration to a page the user has not yet tapped, clicked or typed in
 * (and log a warning for each refused call), which is how a room opened from a notification or a
 * shared link starts. Before that first gesture nothing is attempted; a cue that should have been
 * heard is "missed" instead. Only the turn itself vibrates, whatever the sound setting (a player who
 * muted the table still wants to feel the turn come).
 */
export function planCue(cue: Cue, soundOn: boolean, activated: boolean): CuePlan {
  return {
    sound: soundOn && activated,
    vibrate: activated && cue === "yourTurn",
    missed: soundOn && !activated,
  };
}

/** The parts of an input event that say whether it is a user gesture (see `activatesPage`). */
export interface InputEventFacts {
  readonly type: string;
  readonly pointerType?: string;
  readonly key?: string;
}

/** The events we listen to for the first gesture (window, capture phase). */
export const GESTURE_EVENTS = ["pointerdown", "pointerup", "touchend", "keydown", "click"] as const;

/**
 * Whether an event grants the page its user activation, per the HTML standard's
 * "activation-triggering input event": a key press other than Escape (and other browser keys), a
 * mouse press, or the end of a touch — not its start, which may yet become a scroll. Used where the
 * browser does not tell us itself (`navigator.userActivation` is missing before Safari 16.4).
 */
export function activatesPage(event: InputEventFacts): boolean {
  switch (event.type) {
    case "keydown":
      return event.key !== "Escape";
    case "pointerdown":
      return event.pointerType === "mouse";
    case "pointerup":
      return event.pointerType !== "mouse";
    case "touchend":
    case "click":
      return true;
    default:
      return false;
  }
}
