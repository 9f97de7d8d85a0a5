import { SvelteMap } from "svelte/reactivity";
import type { GameClient, MoveSchema } from "./types";

/**
 * Each game's move schema, for checking a move from outside (the hint the server suggests), loaded
 * the first time one arrives: the schemas and zod's full build they need then stay off a room's
 * first load (issue 31: they were a fifth of its scripts, and most rooms never ask for a hint).
 * Reactive, and made here when the module loads: a `$derived` that checked a hint before its game's
 * schema came runs again when it comes (state made inside the derived itself would not wake it).
 */
const schemas = new SvelteMap<GameClient, MoveSchema>();
const loading = new Map<GameClient, Promise<void>>();

/**
 * `value` as one of the moves of `client`'s game when its move schema accepts it; undefined when it
 * does not, or while the schema loads.
 */
export function checkMove(client: GameClient, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const schema = schemas.get(client);
  if (schema === undefined) {
    if (!loading.has(client)) {
      loading.set(
        client,
        client.loadMoveSchema().then(
          (loaded) => void schemas.set(client, loaded),
          () => void loading.delete(client), // a chunk that failed to load (offline): the next hint tries again
        ),
      );
    }
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
