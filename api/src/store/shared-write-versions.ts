import type { Document, Collection as RawCollection } from 'mongodb';
import { reportFirstFailureOfOutage } from './outage.js';
import { WriteVersions } from './write-versions.js';

/** How often a process reads the write versions other processes announced. */
export const SHARED_VERSIONS_POLL_MS = 250;

/**
 * Write versions that every API process on one database agrees on, so that a cache on one replica
 * learns of a write made on another within a poll (`SHARED_VERSIONS_POLL_MS`).
 *
 * A collection becomes shared when a cache first asks for its version: from then on each settled
 * write to it also increments that collection's counter in `_writeVersions` (one more round trip,
 * for the rarely written collections caches are built on), and a poller reads all the counters in
 * one query and counts a change as one more local write. A process that crashes between its write
 * and the announcement leaves the other caches to their age limit.
 */
export class SharedWriteVersions extends WriteVersions {
  private readonly shared = new Set<string>();
  private readonly seen = new Map<string, number>();
  private readOnce = false;
  private readonly announcing = new Map<string, number>();
  private poller: NodeJS.Timeout | undefined;

  constructor(
    private readonly counters: RawCollection<Document>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    super();
  }

  override of(collection: string): number {
    this.shared.add(collection);
    return super.of(collection);
  }

  override async track<R>(collection: string, write: () => Promise<R>): Promise<R> {
    try {
      return await super.track(collection, write);
    } finally {
      if (this.shared.has(collection)) await this.announce(collection);
    }
  }

  private async announce(collection: string): Promise<void> {
    this.announcing.set(collection, (this.announcing.get(collection) ?? 0) + 1);
    try {
      const after = await this.counters.findOneAndUpdate(
        { _id: collection as unknown as Document['_id'] },
        { $inc: { v: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      // Our own announcement, with nobody else's in between, is counted here already. (A counter
      // not seen yet, after the first read, stood at 0.)
      const v = typeof after?.v === 'number' ? after.v : undefined;
      const seen = this.seen.get(collection) ?? (this.readOnce ? 0 : undefined);
      if (v !== undefined && seen === v - 1) this.seen.set(collection, v);
    } catch (error) {
      this.onError(error);
    } finally {
      this.announcing.set(collection, (this.announcing.get(collection) ?? 1) - 1);
    }
  }

  /** Reads every announced counter; each that moved since the last read counts as a write here. */
  async refresh(): Promise<void> {
    const counters = await this.counters.find({}).toArray();
    for (const { _id, v } of counters) {
      const collection = String(_id);
      // While this process announces, the counter is read at the next poll (it may be its own).
      if (typeof v !== 'number' || (this.announcing.get(collection) ?? 0) > 0) continue;
      const before = this.seen.get(collection);
      // Counters only grow: a lower one is a read that started before an announcement seen since.
      if (before !== undefined && v <= before) continue;
      this.seen.set(collection, v);
      // A counter that appeared since the first read is a first write too.
      if (before !== undefined || this.readOnce) this.bump(collection);
    }
    this.readOnce = true;
  }

  start(): void {
    if (this.poller) return;
    // While the store is down every poll fails: report the first failure of each outage only.
    const outage = reportFirstFailureOfOutage(this.onError);
    const poll = () => this.refresh().then(outage.succeeded, outage.failed);
    this.poller = setInterval(() => void poll(), SHARED_VERSIONS_POLL_MS);
    this.poller.unref();
  }

  stop(): void {
    clearInterval(this.poller);
    this.poller = undefined;
  }
}
