import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import type { Store } from '../store/index.js';
import { StoreBackend } from './store-backend.js';

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
 * start are stale and cleared.
 */
export function agendaOn(store: Store, options: QueueOptions): Agenda {
  const backend = store.mongoDb
    ? new MongoBackend({ mongo: store.mongoDb, collection: options.collection })
    : new StoreBackend(store, options.collection, { clearLocksAtConnect: true });
  return new Agenda({
    backend,
    processEvery: options.processEvery,
    removeOnComplete: true,
    ...(options.name ? { name: options.name } : {}),
  });
}
