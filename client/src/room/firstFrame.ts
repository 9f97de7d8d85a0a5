import { loadGameClient } from "../games/registry";
import { router } from "../lib/router.svelte";
import { roomCopyToDraw } from "./roomCopy";

type RoomModule = typeof import("./Room.svelte");
let roomModule: RoomModule | undefined;

/**
 * The room page's module once tableCodeForFirstFrame has it, for App to draw at once: an `{#await}`
 * on a promise draws its `then` branch in a later task (after a paint), on a value in the same one.
 */
export const loadedRoomModule = (): RoomModule | undefined => roomModule;

/** The longest a page waits for the table's code before it paints what it has (a slow network). */
const WAIT_AT_MOST_MS = 1000;

/**
 * On a room's own address, when this device keeps a copy of the room (roomCopy.ts): resolves once
 * the room's and its game's code are here, so that the page is mounted once and its first frame is
 * the table, instead of the top bar alone, then "Connecting to the table…", then the table (issue
 * 31). Anywhere else at once. Never rejects: a chunk that fails is the page's own to report.
 */
export function tableCodeForFirstFrame(): Promise<unknown> {
  const route = router.route;
  if (route.page !== "room") return Promise.resolve();
  const copy = roomCopyToDraw(route.roomId);
  if (copy === null) return Promise.resolve();
  const code = Promise.all([
    import("./Room.svelte").then((module) => {
      roomModule = module;
    }),
    loadGameClient(copy.snapshot.room.gameId),
  ]);
  return Promise.race([code, new Promise((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS))]).catch(() => undefined);
}
