import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/**/*.e2e.test.ts'],
    // FerretDB on PostgreSQL for the MongoDB halves, unless MONGODB_URI names a server already.
    globalSetup: ['../scripts/mongo-test-server.mjs'],
    fileParallelism: false,
    // After the API and component suites: the browser journeys' timing never shares the two cores
    // with the API's crash and race suites.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
