/**
 * Counts the writes made through one store, per collection, so that a cache of a collection's
 * contents can tell cheaply when it has to be rebuilt. A write is counted once it has settled
 * (succeeded or failed), so a reader that sees the new count also sees the write.
 */
export class WriteVersions {
  private readonly counts = new Map<string, number>();

  of(collection: string): number {
    return this.counts.get(collection) ?? 0;
  }

  async track<R>(collection: string, write: () => Promise<R>): Promise<R> {
    try {
      return await write();
    } finally {
      this.bump(collection);
    }
  }

  protected bump(collection: string): void {
    this.counts.set(collection, (this.counts.get(collection) ?? 0) + 1);
  }
}
