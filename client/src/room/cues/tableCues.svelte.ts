import type { RoomSnapshot } from "../../../../shared/protocol";
import { loadTurnNotifications, saveTurnNotifications } from "../../lib/storage";
import { isMyTurn, tickSecond, turnChange } from "./turnWatch";
import { atNextGesture } from "./firstGesture";
import { onMissedCue, playCue, setSoundOn, soundOn, unlockAudio } from "./sounds";

export type NotificationSetting = "off" | "on" | "denied" | "unsupported";

/** What a turn notification says (in the player's language, from the room page). */
export interface TurnNotice {
  readonly title: string;
  readonly body: string;
}

const TICK_CHECK_MS = 200;

/**
 * The cues that tell a player it is their turn: sounds, a vibration, and — while the tab is hidden
 * — a title and favicon that say so and, if they asked for it on this device, a notification.
 * Sound and vibration wait for the page's first user gesture (a room opened from a link has had
 * none); a cue missed before it offers "Turn on sound" instead.
 */
export class TableCues {
  attention = $state(false); // the tab is hidden and it is our turn: the title and favicon say so
  sound = $state(soundOn());
  soundHint = $state(false); // a cue came before the page's first gesture: "Turn on sound"
  notifications: NotificationSetting = $state(initialNotificationSetting());

  private turnedOnNow = false; // this gesture turned sound on (enableSound)
  private previous: RoomSnapshot | null = null;
  private lastTick: number | null = null;
  private readonly ticker: ReturnType<typeof setInterval>;
  private readonly originalIcon: string | null;
  private readonly onVisibility = (): void => {
    if (!document.hidden) this.setAttention(false);
  };
  private readonly stopMissed: () => void;
  private readonly stopGesture: () => void;

  constructor(
    private readonly current: () => { snapshot: RoomSnapshot | null; receivedAt: number; mySeats: readonly number[] },
    private readonly notice: () => TurnNotice,
  ) {
    this.originalIcon = iconLink()?.href ?? null;
    document.addEventListener("visibilitychange", this.onVisibility);
    this.ticker = setInterval(() => this.tick(), TICK_CHECK_MS);
    this.stopMissed = onMissedCue(() => (this.soundHint = true));
    // The first tap anywhere (the hint itself included) starts the audio and hides the hint.
    this.stopGesture = atNextGesture(() => this.enableSound());
  }

  /** Called with every new snapshot of the room. */
  observe(next: RoomSnapshot): void {
    const { mySeats } = this.current();
    const change = turnChange(this.previous, next, mySeats);
    this.previous = next;
    if (change.turnStarted) {
      playCue("yourTurn");
      if (document.hidden) {
        this.setAttention(true);
        this.notify();
      }
    } else if (!isMyTurn(next, mySeats)) {
      this.setAttention(false);
    }
    if (change.gameOver) playCue("gameOver");
  }

  /** The sound switch: on while the hint shows, its tap is the gesture that turns sound on (it turned it off). */
  toggleSound(): void {
    if (this.turnedOnNow) return;
    this.sound = !this.sound;
    setSoundOn(this.sound);
    if (!this.sound) this.soundHint = false; // muted: nothing is missed any more
  }

  /** "Turn on sound", or any first gesture: the audio starts (from this gesture's handler) and the hint goes. */
  enableSound(): void {
    unlockAudio();
    if (!this.soundHint) return;
    this.soundHint = false;
    // The same gesture's click on the sound switch, which follows in this task, leaves sound on.
    this.turnedOnNow = true;
    setTimeout(() => (this.turnedOnNow = false), 0);
  }

  /** "Tell me when it's my turn": asks the browser's permission here, on the player's click, and only here. */
  async toggleNotifications(): Promise<void> {
    if (this.notifications === "on") {
      this.notifications = "off";
      saveTurnNotifications(false);
      return;
    }
    if (typeof Notification === "undefined") {
      this.notifications = "unsupported";
      return;
    }
    const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    this.notifications = permission === "granted" ? "on" : "denied";
    saveTurnNotifications(permission === "granted");
  }

  destroy(): void {
    clearInterval(this.ticker);
    this.stopMissed();
    this.stopGesture();
    document.removeEventListener("visibilitychange", this.onVisibility);
    this.setAttention(false);
  }

  private notify(): void {
    if (this.notifications !== "on" || typeof Notification === "undefined" || Notification.permission !== "granted") return;
    const { title, body } = this.notice();
    try {
      const shown = new Notification(title, { body, tag: `tablee-turn-${this.previous?.room.id ?? ""}` });
      shown.onclick = () => {
        window.focus();
        shown.close();
      };
    } catch {
      // Some mobile browsers only show notifications from a service worker: the title still says it.
    }
  }

  /** The last five seconds of a countdown that concerns us tick once a second. */
  private tick(): void {
    const { snapshot, receivedAt, mySeats } = this.current();
    const timer = snapshot?.timer;
    const second = timer && isMyTurn(snapshot, mySeats) ? tickSecond(timer.remainingMs - (Date.now() - receivedAt)) : null;
    if (second !== null && second !== this.lastTick) playCue("tick");
    this.lastTick = second;
  }

  private setAttention(on: boolean): void {
    if (this.attention === on) return;
    this.attention = on;
    const link = iconLink();
    if (link && this.originalIcon !== null) link.href = on ? withDot(this.originalIcon) : this.originalIcon;
  }
}

function initialNotificationSetting(): NotificationSetting {
  if (typeof Notification === "undefined") return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return loadTurnNotifications() && Notification.permission === "granted" ? "on" : "off";
}

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>("link[rel='icon']");
}

/** Our favicon is an inline SVG: add a bright dot in its corner. */
function withDot(href: string): string {
  const dot = "%3Ccircle cx='25' cy='7' r='7' fill='%23ffca28' stroke='%23222' stroke-width='2'/%3E";
  return href.includes("%3C/svg%3E") ? href.replace("%3C/svg%3E", `${dot}%3C/svg%3E`) : href;
}
