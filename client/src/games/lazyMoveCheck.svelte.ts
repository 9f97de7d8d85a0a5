/** What a move schema offers here (zod's safeParse), so this file needs no zod of its own. */
interface MoveSchema<M> {
  safeParse(value: unknown): { success: true; data: M } | { success: false };
}

/**
 * A game's move schema for checking a move from outside (the hint the server suggests), loaded the
 * first time one arrives: the schemas and zod's full build they need then stay off a room's first
 * load (issue 31: they were a fifth of its scripts, and most rooms never ask for a hint).
 */
export class LazyMoveCheck<M> {
  #schema: MoveSchema<M> | null = $state(null);
  #loading: Promise<void> | null = null;
  private readonly load: () => Promise<MoveSchema<M>>;

  constructor(load: () => Promise<MoveSchema<M>>) {
    this.load = load;
  }

  /**
   * `value` as a move when the game's schema accepts it; null when it does not, or while the schema
   * loads (a `$derived` reading this runs again when it has arrived: the schema is reactive state).
   */
  check(value: unknown): M | null {
    if (value === undefined || value === null) return null;
    const schema = this.#schema;
    if (schema === null) {
      this.#loading ??= this.load().then(
        (loaded) => {
          this.#schema = loaded;
        },
        () => {
          this.#loading = null; // a chunk that failed to load (offline): the next hint tries again
        },
      );
      return null;
    }
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
}
