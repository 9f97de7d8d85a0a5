import { BOT_SPEEDS, type BotSpeed } from "../../../shared/protocol/choices";

/** The running speeds, slowest first; `paused` is a separate toggle, not a step. */
const STEPS = BOT_SPEEDS.filter((s): s is Exclude<BotSpeed, "paused"> => s !== "paused");

/** One step slower or faster; from `paused`, either button restarts at normal speed. */
export function stepSpeed(current: BotSpeed, direction: -1 | 1): BotSpeed {
  if (current === "paused") return "normal";
  const index = STEPS.indexOf(current) + direction;
  return STEPS[Math.max(0, Math.min(STEPS.length - 1, index))] ?? current;
}

export const isSlowest = (speed: BotSpeed): boolean => speed === STEPS[0];
export const isFastest = (speed: BotSpeed): boolean => speed === STEPS.at(-1);
