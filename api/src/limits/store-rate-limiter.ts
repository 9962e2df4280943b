import { createRequire } from 'node:module';
import type { IRateLimiterOptions, RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { type Collection, ConflictError, type Doc, type IndexSpec } from '../store/index.js';

/** Where every limiter keeps its counts: one document per key, gone once `expiresAt` has passed. */
export const RATE_LIMITS = 'rateLimits';
export const RATE_LIMIT_INDEXES: readonly IndexSpec[] = [{ collection: RATE_LIMITS, fields: ['expiresAt'] }];

// The library's base for custom stores, which its index does not export (its types do).
const RateLimiterStoreAbstract: typeof StoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
);

export type RateLimitDoc = Doc & { points: number; expiresAt: Date };

/** An update that keeps losing to others resetting the same expired key is a store in trouble. */
const MAX_ATTEMPTS = 10;
/** A key without an end still gets one, far away, so that every document can be swept by `expiresAt`. */
const NEVER_MS = 100 * 365 * 24 * 3600 * 1000;

/**
 * rate-limiter-flexible's store-backed limiter on the API's own store (embedded NeDB or MongoDB), so
 * every API process on one database counts against the same points. Each call is one or two
 * conditional writes: add to the key's live window, or else start a new one.
 */
export class StoreRateLimiter extends RateLimiterStoreAbstract {
  private readonly limits: Collection<RateLimitDoc>;

  constructor(options: IRateLimiterOptions & { collection: Collection<RateLimitDoc> }) {
    const { collection, ...limiter } = options;
    super({ ...limiter, storeClient: collection });
    this.limits = collection;
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<RateLimitDoc> {
    const expiresAt = () => new Date(Date.now() + (msDuration > 0 ? msDuration : NEVER_MS));
    if (forceExpire) {
      const doc = { _id: key, points, expiresAt: expiresAt() };
      await this.limits.updateOne({ _id: key }, { $set: { points, expiresAt: doc.expiresAt } }, { upsert: true });
      return doc;
    }
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const now = new Date();
      const live = await this.limits.findOneAndUpdate({ _id: key, expiresAt: { $gt: now } }, { $inc: { points } });
      if (live) return live;
      try {
        return await this.limits.insertOne({ _id: key, points, expiresAt: expiresAt() });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
      // The key is there but its window is over (or another process just started a new one).
      const restarted = await this.limits.findOneAndUpdate(
        { _id: key, expiresAt: { $lte: now } },
        { $set: { points, expiresAt: expiresAt() } },
      );
      if (restarted) return restarted;
    }
    throw new Error(`The rate limit of ${key} kept changing under this process`);
  }

  async _get(key: string): Promise<RateLimitDoc | null> {
    return this.limits.findOne({ _id: key, expiresAt: { $gt: new Date() } });
  }

  async _delete(key: string): Promise<boolean> {
    return (await this.limits.deleteOne({ _id: key })) > 0;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, doc: RateLimitDoc): RateLimiterRes {
    const consumed = doc.points;
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      Math.max(doc.expiresAt.getTime() - Date.now(), 0),
      consumed,
      consumed === changedPoints,
    );
  }
}
