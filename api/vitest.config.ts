import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // FerretDB on PostgreSQL for the MongoDB halves, unless MONGODB_URI names a server already.
    globalSetup: ['../scripts/mongo-test-server.mjs'],
    testTimeout: 20_000,
  },
});
