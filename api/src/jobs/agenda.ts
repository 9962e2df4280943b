import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import type { Store } from '../store/index.js';
import { CLAIM_ORDER } from './claim-order.js';
import { StoreBackend } from './store-backend.js';

export { CLAIM_ORDER } from './claim-order.js';

export { StoreBackend, StoreJobRepository } from './store-backend.js';

export interface QueueOptions {
  /** The jobs' collection (its owner module names it). */
  collection: string;
  /** How often an idle host looks for due jobs, in ms. */
  processEvery: number;
  /** Agenda's name for this host (`lastModifiedBy`). */
  name?: string;
}

/**
 * Durable jobs (#33, docs/video-job-queue.md): an Agenda on the store the API runs on. MongoDB:
 * Agenda's own MongoBackend on the store's database (its atomic claim; any number of hosts).
 * Embedded: `StoreBackend` over the Store; the API process is the only host, so locks found at
 * start are stale and cleared. Both claim in `CLAIM_ORDER`.
 */
const MONGO_CLAIM_ORDER = Object.fromEntries(
  Object.entries(CLAIM_ORDER).map(([key, direction]) => [key, direction === 1 ? 'asc' : 'desc'] as const),
);

export function agendaOn(store: Store, options: QueueOptions): Agenda {
  const backend = store.mongoDb
    ? new MongoBackend({ mongo: store.mongoDb, collection: options.collection, sort: MONGO_CLAIM_ORDER })
    : new StoreBackend(store, options.collection, { clearLocksAtConnect: true });
  return new Agenda({
    backend,
    processEvery: options.processEvery,
    removeOnComplete: true,
    ...(options.name ? { name: options.name } : {}),
  });
}

/**
 * MongoDB: Agenda's claim index (`findAndLockNextJobIndex`) follows the claim order; a collection
 * whose index was made with Agenda's default order (before `CLAIM_ORDER`) would make Agenda's
 * `createIndex` fail at start with an index conflict, so that old index is dropped first.
 */
export async function dropStaleClaimIndex(store: Store, collection: string): Promise<boolean> {
  if (!store.mongoDb) return false;
  const indexes = await store.mongoDb
    .collection(collection)
    .indexes()
    .catch(() => []);
  const claim = indexes.find((index) => index.name === 'findAndLockNextJobIndex');
  if (!claim || Object.keys(claim.key)[1] === Object.keys(CLAIM_ORDER)[0]) return false;
  await store.mongoDb.collection(collection).dropIndex('findAndLockNextJobIndex');
  return true;
}
