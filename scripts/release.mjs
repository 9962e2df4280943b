#!/usr/bin/env node
// Portal releases from CI (#22): calls the API's release routes with RELEASE_TOKEN.
//   pnpm release <portal> <version> [--canary <percent>]   live at once, or a canary
//   pnpm release <portal> --promote | --rollback <version> | --stop-canary
//   pnpm release --status
// COURSEPORT_API_URL (default http://127.0.0.1:4000). Exit 0: done; 1: the API refused (or was
// not reached); 2: bad usage.
import { parseArgs } from 'node:util';

const USAGE = `usage: pnpm release <portal> <version> [--canary <percent>]
       pnpm release <portal> --promote | --rollback <version> | --stop-canary
       pnpm release --status`;

/**
 * @param {string} problem
 * @returns {never}
 */
function usage(problem) {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      promote: { type: 'boolean' },
      rollback: { type: 'string' },
      'stop-canary': { type: 'boolean' },
      status: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  usage(/** @type {Error} */ (error).message);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/**
 * The one request the arguments ask for: [method, path, body].
 * @returns {[method: string, path: string, body?: { version: string, canary?: number }]}
 */
function requestOf() {
  const [portal, version, ...rest] = positionals;
  const actions = /** @type {const} */ (['promote', 'rollback', 'stop-canary', 'status']).filter(
    (name) => values[name] !== undefined,
  );
  if (rest.length > 0) usage(`Unexpected argument: ${rest[0]}`);
  if (actions.length > 1) usage(`Choose one of --${actions.join(', --')}`);
  if (values.canary !== undefined && (actions.length > 0 || version === undefined))
    usage('--canary goes with a version to release');
  if (values.status) {
    if (portal !== undefined) usage('--status takes no portal');
    return ['GET', '/api/admin/releases'];
  }
  if (!portal) usage('Name a portal');
  const base = `/api/admin/releases/${encodeURIComponent(portal)}`;
  if (actions.length > 0 && version !== undefined) usage(`Unexpected argument: ${version}`);
  if (values.promote) return ['POST', `${base}/promote`];
  if (values['stop-canary']) return ['DELETE', `${base}/canary`];
  if (values.rollback !== undefined) return ['POST', `${base}/rollback`, { version: values.rollback }];
  if (version === undefined) usage('Name a version to release, or an action');
  if (values.canary === undefined) return ['POST', base, { version }];
  const canary = Number(values.canary);
  if (values.canary.trim() === '' || Number.isNaN(canary)) usage(`--canary takes a percent, not ${values.canary}`);
  return ['POST', base, { version, canary }];
}

/**
 * One line per portal: what is live and what is in canary.
 * @param {import('@courseport/contracts').PortalRelease[]} portals
 */
function status(portals) {
  const width = Math.max(...portals.map((p) => p.portal.length));
  return portals
    .map(({ portal, live, canary }) => {
      const parts = [live ? `live ${live.version} (since ${live.since}, by ${live.by})` : 'never released'];
      if (canary)
        parts.push(`canary ${canary.version} at ${canary.percent} % (since ${canary.since}, by ${canary.by})`);
      return `${portal.padEnd(width)}  ${parts.join('; ')}`;
    })
    .join('\n');
}

const [method, path, body] = requestOf();
const token = process.env.RELEASE_TOKEN?.trim();
if (!token) usage('RELEASE_TOKEN is not set: it must be the API’s RELEASE_TOKEN');
const api = (process.env.COURSEPORT_API_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');

let res;
try {
  res = await fetch(api + path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
} catch (error) {
  console.error(
    `Cannot reach the API at ${api}: ${/** @type {Error & { cause?: Error }} */ (error).cause?.message ?? /** @type {Error} */ (error).message}`,
  );
  process.exit(1);
}
const answer = await res.json().catch(() => null);
if (!res.ok || answer?.success !== true) {
  console.error(answer?.message ?? `The API answered ${res.status} ${res.statusText}`);
  process.exit(1);
}
console.log(values.status ? status(answer.portals) : answer.message);
