/** Web Push notices ("your turn", "game over", "play again?"): the public surface of this folder. */
export { loadVapidKeys, DEFAULT_VAPID_SUBJECT, type VapidConfig, type VapidKeys } from "./keys";
export { PushStore } from "./store";
export { PushSender, DEFAULT_SENDER_LIMITS, type SenderLimits } from "./sender";
export { PushDispatcher } from "./dispatcher";
