import { loadSoundOn, saveSoundOn } from "../../lib/storage";
import { planCue, type Cue, type CuePlan } from "./cuePlan";
import { pageActivated } from "./firstGesture";

export { CUES, type Cue } from "./cuePlan";

/** A note: frequency (Hz), start and length (ms from the cue's start). */
type Note = readonly [hz: number, atMs: number, lengthMs: number];

/**
 * Each cue is a few synthesised notes (Web Audio), so we ship no sound files and owe no licence:
 * a rising pair for your turn, a low buzz for a refused move, a short click per second at the end
 * of a countdown, a soft blip for chat, and a small arpeggio at the end of a game.
 */
const SCORES: Record<Cue, { readonly wave: OscillatorType; readonly notes: readonly Note[]; readonly volume: number }> = {
  yourTurn: { wave: "sine", notes: [[660, 0, 110], [880, 120, 180]], volume: 0.18 },
  illegal: { wave: "square", notes: [[180, 0, 90], [150, 110, 140]], volume: 0.06 },
  tick: { wave: "triangle", notes: [[1200, 0, 45]], volume: 0.12 },
  chat: { wave: "sine", notes: [[990, 0, 70]], volume: 0.1 },
  gameOver: { wave: "triangle", notes: [[523, 0, 140], [659, 150, 140], [784, 300, 140], [1047, 450, 320]], volume: 0.16 },
};

const VIBRATION_MS = 150;

let context: AudioContext | null = null;
let on = loadSoundOn();
const missedListeners = new Set<(cue: Cue) => void>();

export const soundOn = (): boolean => on;

/** The one mute switch, remembered on this device. Called from a click, so turning sound on may start the audio there. */
export function setSoundOn(value: boolean): void {
  on = value;
  saveSoundOn(value);
  if (value) unlockAudio();
}

/**
 * Creates or resumes the audio context (with sound on). Call it from a user gesture's handler:
 * there every browser lets it start, Safari only there. Never before the page's first gesture,
 * when browsers refuse and log a warning.
 */
export function unlockAudio(): void {
  if (!on || !pageActivated() || typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") context.resume().catch(() => undefined);
  } catch {
    // No audio device: cues are a nicety.
  }
}

/** Listens for cues that should have been heard but came before the page's first gesture. Returns the unsubscribe. */
export function onMissedCue(listener: (cue: Cue) => void): () => void {
  missedListeners.add(listener);
  return () => missedListeners.delete(listener);
}

/**
 * Plays a cue — sound if it is on, a vibration for the turn — once the page has had a user gesture
 * (see `planCue`), and announces it as a `tablee:cue` window event, which the browser tests listen
 * to. Returns what was done.
 */
export function playCue(cue: Cue): CuePlan {
  const plan = planCue(cue, on, pageActivated());
  window.dispatchEvent(new CustomEvent("tablee:cue", { detail: { cue, heard: plan.sound, missed: plan.missed } }));
  if (plan.vibrate) navigator.vibrate?.(VIBRATION_MS);
  if (plan.missed) for (const listener of missedListeners) listener(cue);
  if (plan.sound) play(cue);
  return plan;
}

function play(cue: Cue): void {
  if (typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") context.resume().catch(() => undefined);
    const score = SCORES[cue];
    const start = context.currentTime + 0.01;
    for (const [hz, atMs, lengthMs] of score.notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = score.wave;
      oscillator.frequency.value = hz;
      const from = start + atMs / 1000;
      const to = from + lengthMs / 1000;
      // A quick attack and an exponential release: no clicks at the edges.
      gain.gain.setValueAtTime(0.0001, from);
      gain.gain.exponentialRampToValueAtTime(score.volume, from + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, to);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(from);
      oscillator.stop(to + 0.02);
    }
  } catch {
    // No audio device, or the browser refused: cues are a nicety.
  }
}
