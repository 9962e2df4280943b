/**
 * Load generator for `pnpm bench:api`, run as its own process so it never shares an event loop
 * with the server it measures: `node bench/lib/api-load.mjs '<json options>'` prints one JSON line.
 *
 * Options: { url, connections, seconds, warmupSeconds, requests: [{ method, path, headers, body }] },
 * or instead of `requests`, `perConnection` (and `warmupPerConnection`): one list of requests per
 * connection, which that connection cycles through (so that, say, each connection speaks for its own
 * students). A short warm-up run comes first and is discarded. Every request must be answered 2xx or 304.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** @param {import('autocannon').Options} options */
function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Gives the i-th connection opened the i-th list (connections beyond the lists wrap around).
 * @param {Array<Array<Record<string, unknown>>> | undefined} lists
 */
function perConnection(lists) {
  if (!lists) return {};
  let next = 0;
  return {
    requests: lists[0],
    setupClient: (client) => client.setRequests(lists[next++ % lists.length]),
  };
}

/**
 * @param {{ url: string, connections: number, seconds: number, warmupSeconds: number,
 *   requests?: Array<Record<string, unknown>>, perConnection?: Array<Array<Record<string, unknown>>>,
 *   warmupPerConnection?: Array<Array<Record<string, unknown>>> }} spec
 */
async function measure(spec) {
  const base = { url: spec.url, connections: spec.connections, requests: spec.requests, timeout: 10 };
  if (spec.warmupSeconds > 0) {
    await run({
      ...base,
      ...perConnection(spec.warmupPerConnection ?? spec.perConnection),
      duration: spec.warmupSeconds,
    });
  }
  const result = await run({ ...base, ...perConnection(spec.perConnection), duration: spec.seconds });
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  const bad = Object.entries(statuses)
    .filter(([code]) => !(code.startsWith('2') || code === '304'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Nothing answered within the run (every request timed out or is still in flight) is an error too.
    errors: result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0),
    bad,
    statuses,
    bytesPerSecond: result.throughput.average,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `@<file>`: the options are in a file (lists of requests per connection are too long for a command line).
  const arg = process.argv[2] ?? '{}';
  measure(JSON.parse(arg.startsWith('@') ? readFileSync(arg.slice(1), 'utf8') : arg)).then(
    (summary) => console.log(JSON.stringify(summary)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
