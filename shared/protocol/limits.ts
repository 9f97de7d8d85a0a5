/** Hard limits on what a client may send; the schemas enforce them, the docs list them. */
export const LIMITS = {
  nicknameMax: 24,
  roomIdMax: 64,
  tokenMax: 128,
  seatTokensPerSocket: 4, // one device may hold several seats (pass-and-play)
  maxSeats: 8,
  /** The share link's randomness: 16 random bytes, i.e. 128 bits (≥ 96 required). */
  roomIdBytes: 16,
  seatTokenBytes: 32,
  logTail: 40, // how many recent public move records a snapshot carries
  roomsPerRequest: 200, // rooms one HTTP request may name (My games, push subscriptions)
  pushEndpointMax: 1000, // characters of a Web Push endpoint URL
  friendsMax: 200, // friends and requests (made and received) one profile keeps
  playedWithShown: 50, // the people "Played with" lists, most recent first
  pushDevicesPerSeat: 10, // Web Push subscriptions kept per seat of a room: the most recently subscribed
} as const;
