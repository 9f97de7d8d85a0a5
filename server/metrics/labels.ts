import type { ErasedGame } from "../../shared/engine/erase";
import { ERROR_CODES, ROOM_STATUSES } from "../../shared/protocol";

/** The value a label takes when what was reported is not one of the known values. */
export const OTHER = "other";

/**
 * Label values come from closed lists only (the hosted games, their bots' ids, the platform's error
 * codes, room statuses), never from what a client sent: a room id, a nickname or a made-up game id
 * would give every room its own time series (and leak it to whoever reads the metrics).
 */
export class LabelValues {
  private readonly games: ReadonlySet<string>;
  private readonly levels: ReadonlySet<string>;
  private readonly codes: ReadonlySet<string> = new Set(ERROR_CODES);
  private readonly statuses: ReadonlySet<string> = new Set(ROOM_STATUSES);

  constructor(games: readonly ErasedGame[]) {
    this.games = new Set(games.map((game) => game.id));
    this.levels = new Set(games.flatMap((game) => game.bots.map((bot) => bot.id)));
  }

  game(id: string | undefined): string {
    return id !== undefined && this.games.has(id) ? id : OTHER;
  }

  level(id: string): string {
    return this.levels.has(id) ? id : OTHER;
  }

  code(code: string): string {
    return this.codes.has(code) ? code : OTHER;
  }

  status(status: string): string {
    return this.statuses.has(status) ? status : OTHER;
  }
}
