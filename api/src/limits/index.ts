import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Store } from '../store/index.js';
import { reportFirstFailureOfOutage } from '../store/outage.js';
import { BatchedCounters } from './batched-counters.js';
import { RATE_LIMITS, type RateLimitDoc, StoreRateLimiter } from './store-rate-limiter.js';

export { BatchedCounters, type Count } from './batched-counters.js';
export { RATE_LIMIT_INDEXES, RATE_LIMITS, type RateLimitDoc, StoreRateLimiter } from './store-rate-limiter.js';

/** Keys whose window is over are deleted this often (FerretDB has no TTL indexes; NeDB's act only on reads). */
const SWEEP_MS = 10 * 60_000;

/** The counts behind every limit of the API, shared by all its processes where the store is shared. */
export interface Limits {
  /** Per-key counts of requests: `rateLimit` and the per-user allowances count here. */
  counters: BatchedCounters;
  close(): Promise<void>;
}

/**
 * Counters backed by the store when it is shared (MongoDB: many API processes), else by memory (the
 * embedded store serves one process, whose memory is then the whole truth; a restart forgets at most
 * the current windows of the write allowances). Sign-in failures are always counted in the store
 * (`signInThrottle`): those must survive a restart.
 */
export function createLimits(store: Store, onError: (error: unknown) => void = () => {}): Limits {
  const keyPrefix = 'requests';
  const points = Number.MAX_SAFE_INTEGER;
  const shared =
    store.kind === 'mongodb'
      ? new StoreRateLimiter({
          collection: rateLimitsCollection(store),
          keyPrefix,
          points,
          duration: 60,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  // While the store is down every flush fails: report the first failure of each outage only.
  const outage = reportFirstFailureOfOutage(onError);
  const counters = new BatchedCounters(shared, { onError: outage.failed, onFlushed: outage.succeeded });
  counters.start();
  const sweep = () =>
    void store
      .collection<RateLimitDoc>(RATE_LIMITS)
      .deleteMany({ expiresAt: { $lte: new Date() } })
      .catch(onError);
  const sweeper = setInterval(sweep, SWEEP_MS).unref();
  return {
    counters,
    async close() {
      clearInterval(sweeper);
      await counters.stop();
    },
  };
}

/** The store's rate-limit counts (which only this folder opens): sign-in failures are counted there too. */
export const rateLimitsCollection = (store: Store) => store.collection<RateLimitDoc>(RATE_LIMITS);
