import type { StoreLogger } from './durable-nedb.js';
import { openEmbeddedStore } from './embedded.js';
import { openMongoStore } from './mongodb.js';
import type { Store } from './types.js';

export { ConflictError, StoreUnavailableError } from './errors.js';
export { ID_PATTERN, newId } from './ids.js';
export type * from './types.js';

/** MongoDB when a URI is configured, else the embedded NeDB files under `dataDir`. */
export function openStore(options: {
  mongodbUri?: string | undefined;
  dataDir: string;
  logger?: StoreLogger;
}): Promise<Store> {
  return options.mongodbUri
    ? openMongoStore(options.mongodbUri, {
        onBackgroundError: (error) =>
          options.logger?.warn({ err: error }, 'Could not read the write versions other API processes announced'),
      })
    : openEmbeddedStore(options.dataDir, options.logger ? { logger: options.logger } : {});
}
