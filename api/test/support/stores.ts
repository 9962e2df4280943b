import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../../src/store/embedded.js';
import { newId, type Store } from '../../src/store/index.js';
import { openMongoStore } from '../../src/store/mongodb.js';

/**
 * Both store adapters, for suites that run on each: the embedded one always, MongoDB when
 * `MONGODB_URI` is set (the Vitest global setup starts a throwaway FerretDB when it is not).
 */
export function bothStores(label: string): Array<{ name: string; enabled: boolean; open: () => Promise<Store> }> {
  const mongoUri = process.env.MONGODB_URI;
  if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
    throw new Error(`CI must run the MongoDB half of ${label} (.ci/run starts FerretDB).`);
  }
  if (!mongoUri)
    console.warn(`[${label}] SKIPPING the MongoDB half: ${process.env.MONGO_SKIP_REASON ?? 'MONGODB_URI is not set'}.`);
  return [
    {
      name: 'embedded (NeDB)',
      enabled: true,
      open: async () => openEmbeddedStore(await mkdtemp(path.join(tmpdir(), 'courseport-lifecycle-'))),
    },
    {
      name: 'mongodb',
      enabled: Boolean(mongoUri),
      open: () => openMongoStore(mongoUri ?? '', { defaultDbName: `lifecycle_${newId()}` }),
    },
  ];
}
