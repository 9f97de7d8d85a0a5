/**
 * One lane per room: tasks for the same key run strictly one after another (load → apply →
 * persist → broadcast never interleave within a room), tasks for different keys run concurrently.
 */
export class Lanes {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    // Settles after the task whatever its outcome, and forgets the lane if nothing was queued behind
    // (so the map does not grow with every room ever seen).
    const forget = (): void => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    const tail: Promise<void> = result.then(forget, forget);
    this.tails.set(key, tail);
    return result;
  }

  /** Resolves when every lane that is busy now has drained (graceful shutdown). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
