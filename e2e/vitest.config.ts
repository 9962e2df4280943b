import { defineProject } from 'vitest/config';

// @courseport/contracts from its TypeScript source (its `@courseport/source` export condition), as
// in the root config's projects: Node tests resolve in Vite's ssr environment.
const CONTRACTS_SOURCE = ['@courseport/source'];

export default defineProject({
  resolve: { conditions: CONTRACTS_SOURCE },
  environments: { ssr: { resolve: { conditions: CONTRACTS_SOURCE } } },
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
