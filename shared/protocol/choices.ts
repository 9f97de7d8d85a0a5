/** How fast computer players move (the speed control of bot-only rooms); `paused` stops them. */
export const BOT_SPEEDS = ["paused", "slow", "normal", "fast"] as const;
export type BotSpeed = (typeof BOT_SPEEDS)[number];

/** The times per move a slow room may give, in days. */
export const PACE_DAYS = [1, 2, 3, 7] as const;
export type PaceDays = (typeof PACE_DAYS)[number];
