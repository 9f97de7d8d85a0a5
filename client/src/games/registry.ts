import { registerMessages } from "../i18n/register";
import { loadRoomGame } from "../lib/storage";
import { SvelteMap, SvelteSet } from "svelte/reactivity";
import type { GameClient } from "./types";
import { card as halmaCard } from "./halma/card";
import { card as mahjongCard } from "./mahjong/card";
import { card as memoarrCard } from "./memoarr/card";
import { card as whisCard } from "./whis/card";

/**
 * Game id → client components, loaded on demand: each game is its own chunk (boards, rules, texts),
 * fetched when a room, replay or rules page first needs it, so the home page loads none of them.
 * Only the cards' blurbs are here, eagerly. Adding a game's UI is one folder plus one line in each map.
 */
const LOADERS: Readonly<Record<string, () => Promise<GameClient>>> = {
  qwirkle: () => import("./qwirkle").then((m) => m.qwirkleClient),
  halma: () => import("./halma").then((m) => m.halmaClient),
  memoarr: () => import("./memoarr").then((m) => m.memoarrClient),
  whis: () => import("./whis").then((m) => m.whisClient),
  mahjong: () => import("./mahjong").then((m) => m.mahjongClient),
};

// Qwirkle's texts are in the shared dictionaries; the others' home-page blurbs are registered here,
// one call per language: each call merges the whole dictionary again (svelte-i18n's addMessages).
const CARDS = [halmaCard, mahjongCard, memoarrCard, whisCard];
registerMessages("en", ...CARDS.map((card) => card.en));
registerMessages("fr", ...CARDS.map((card) => card.fr));

/**
 * Each game's picture for its home card (`<id>/picture.svg`, a drawing of its pieces, about 1 kB), by
 * address: a file of its own (`no-inline`), not a data URL in the entry chunk every room loads (the
 * room's first-load budget, phone-first.test). A game without one shows none.
 */
const PICTURES = import.meta.glob<string>("./*/picture.svg", { eager: true, query: "?url&no-inline", import: "default" });

/** The address of the game's picture, or undefined when its folder has none. */
export function gamePicture(gameId: string): string | undefined {
  return PICTURES[`./${gameId}/picture.svg`];
}

const loaded = new SvelteMap<string, GameClient>(); // reactive: a page re-renders when its game arrives
const pending = new Map<string, Promise<GameClient | undefined>>();
const failed = new SvelteSet<string>(); // games whose chunk did not arrive: the page says so, and can try again

/** Whether this client has a board for the game (without loading it). */
export function hasGameClient(gameId: string): boolean {
  return Object.hasOwn(LOADERS, gameId);
}

/** Loads the game's chunk once (its texts are registered on import); undefined for an unknown game. */
export function loadGameClient(gameId: string): Promise<GameClient | undefined> {
  const loader = hasGameClient(gameId) ? LOADERS[gameId] : undefined;
  if (loader === undefined) return Promise.resolve(undefined);
  let promise = pending.get(gameId);
  if (promise === undefined) {
    promise = loader().then(
      (client) => {
        loaded.set(gameId, client);
        failed.delete(gameId);
        return client;
      },
      (error: unknown) => {
        pending.delete(gameId); // not kept: the next call fetches it again
        failed.add(gameId);
        throw error;
      },
    );
    pending.set(gameId, promise);
  }
  return promise;
}

/** Whether the game's chunk failed to arrive (reactive): `retryGameClient` asks for it again. */
export function gameLoadFailed(gameId: string): boolean {
  return failed.has(gameId);
}

export function retryGameClient(gameId: string): void {
  loadGameClient(gameId).catch(() => undefined); // a failure again is shown by gameLoadFailed
}

/**
 * The game's client if it is loaded; otherwise starts loading it and returns undefined, and the
 * caller's `$derived` runs again when it arrives (the cache is reactive).
 */
export function gameClient(gameId: string): GameClient | undefined {
  const client = loaded.get(gameId);
  if (client === undefined && hasGameClient(gameId) && !failed.has(gameId)) queueMicrotask(() => void loadGameClient(gameId).catch(() => undefined));
  return client;
}

/**
 * Starts loading the game of a room this browser has opened before, in parallel with the room's
 * own code and socket: the room's first screen otherwise waits for the socket's answer to know
 * which game to fetch, one more round trip on a phone's network (a player back from a notice).
 */
export function preloadRoomGame(roomId: string): void {
  const gameId = loadRoomGame(roomId);
  if (gameId !== null && hasGameClient(gameId)) loadGameClient(gameId).catch(() => undefined); // the room says so if it is still missing
}
