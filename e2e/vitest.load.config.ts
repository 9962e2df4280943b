import { defineConfig } from 'vitest/config';

/**
 * The load runs (`pnpm test:load`, which `.ci/run` runs after `pnpm test`): a minute of traffic per
 * store, kept out of the everyday test command.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'load',
    environment: 'node',
    include: ['tests/**/*.load.test.ts'],
    // FerretDB on PostgreSQL for the MongoDB run, unless MONGODB_URI names a server already.
    globalSetup: ['../scripts/mongo-test-server.mjs'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
