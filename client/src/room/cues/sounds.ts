import { loadSoundOn, saveSoundOn } from "../../lib/storage";

/** The table's sound cues. */
export const CUES = ["yourTurn", "illegal", "tick", "chat", "gameOver"] as const;
export type Cue = (typeof CUES)[number];

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

let context: AudioContext | null = null;
let on = loadSoundOn();

export const soundOn = (): boolean => on;

/** The one mute switch, remembered on this device. */
export function setSoundOn(value: boolean): void {
  on = value;
  saveSoundOn(value);
}

/**
 * Plays a cue (if sound is on) and announces it as a `tablee:cue` window event, which the browser
 * tests listen to. Browsers only let a page make sound after a user gesture: before that, the
 * context stays suspended and the cue is silent, which is what we want anyway.
 */
export function playCue(cue: Cue): void {
  window.dispatchEvent(new CustomEvent("tablee:cue", { detail: { cue, audible: on } }));
  if (!on || typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    if (context.state === "suspended") void context.resume();
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
