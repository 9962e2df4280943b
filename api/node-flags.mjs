/**
 * The Node flags the API runs with, wherever it is started: `pnpm start` (scripts/lib/platform.mjs),
 * the package's own `start` script (pinned by test/server.test.ts), the end-to-end tests and
 * `pnpm bench:api`.
 *
 * `--max-semi-space-size=32` doubles V8's young generation. With a hundred requests in flight,
 * their short-lived objects outlive the default one's scavenges and are copied and promoted, and
 * the old generation is collected far more often: it cost 10–25 % of the API's throughput in
 * `pnpm bench:api` (docs/performance.md). `--min-semi-space-size=32` gives it that size from the
 * start, so the process's memory does not step up by tens of MB whenever V8 decides to grow it
 * under load (the sustained-load test watches memory growth).
 */
export const API_NODE_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=32'];
