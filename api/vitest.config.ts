import { defineProject } from 'vitest/config';

// @courseport/contracts from its TypeScript source (its `@courseport/source` export condition), as
// in the root config's projects: Node tests resolve in Vite's ssr environment.
const CONTRACTS_SOURCE = ['@courseport/source'];

export default defineProject({
  resolve: { conditions: CONTRACTS_SOURCE },
  environments: { ssr: { resolve: { conditions: CONTRACTS_SOURCE } } },
  test: {
    name: 'api',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // FerretDB on PostgreSQL for the MongoDB halves, unless MONGODB_URI names a server already.
    globalSetup: ['../scripts/mongo-test-server.mjs'],
    testTimeout: 20_000,
  },
});
