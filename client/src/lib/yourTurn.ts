/** What "My games" and the home page need to know of a room to say it waits on this device. */
export interface TurnInfo {
  readonly yourTurn: boolean;
  readonly deadline: string | null; // ISO, a slow room's end of the turn
}

/**
 * The rooms waiting on this device's seats first, the closest deadline first (rooms without one
 * after those with one); the others keep their order (the server's: latest activity first).
 */
export function waitingFirst<T extends TurnInfo>(rooms: readonly T[]): T[] {
  const due = (room: T): number => (room.deadline === null ? Number.POSITIVE_INFINITY : Date.parse(room.deadline));
  const waiting = rooms.filter((room) => room.yourTurn).sort((a, b) => due(a) - due(b));
  return [...waiting, ...rooms.filter((room) => !room.yourTurn)];
}

export const APP_TITLE = "Tablée";

/** The tab title with the number of games waiting on this device: "(2) Tablée". */
export function countedTitle(waiting: number, title = APP_TITLE): string {
  return waiting > 0 ? `(${waiting}) ${title}` : title;
}
