// Which version of each portal a visitor gets (#22). The API's release registry says what should be
// live and what is on canary (`GET /api/releases`); this reads it every few seconds, checks each
// named version's `release.json` at the portal's URL (published? does this shell provide the
// shared-ui range it needs?), and keeps the outcome: the version served, the canary and its share,
// and the versions refused with the reason. A refused live version leaves visitors on the newest
// earlier live version that passes. A page never waits for the registry, except briefly for the
// first answer after the server starts; the last known plan stays in force while the API is away.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isReleaseVersion, RELEASE_MANIFEST_FILE, SHARED_UI_PACKAGE, versionFolder } from '@courseport/contracts';
import semver from 'semver';

const FETCH_TIMEOUT_MS = 2_000;

/**
 * The visitor's side of a portal's canary: 0–99, the same for the same visitor and portal on every
 * load and every server (a hash, no state), so raising a canary from 10 % to 50 % keeps the first
 * tenth in it.
 * @param {string} visitorId
 * @param {string} portal
 */
export function canaryBucket(visitorId, portal) {
  return createHash('sha256').update(`${portal}:${visitorId}`).digest().readUInt32BE(0) % 100;
}

/**
 * Why this shell will not load a build, or null when it will.
 * @param {{ portal: string, version: string }} wanted
 * @param {unknown} manifest the build's release.json
 * @param {string} sharedUi the shared-ui version this shell provides
 */
export function refusalOf(wanted, manifest, sharedUi) {
  const name = `${wanted.portal} ${wanted.version}`;
  const m = /** @type {any} */ (manifest);
  if (!m || typeof m !== 'object') return `${name}: its ${RELEASE_MANIFEST_FILE} is not a JSON object`;
  if (m.portal !== wanted.portal || m.version !== wanted.version)
    return `${name}: its ${RELEASE_MANIFEST_FILE} describes ${m.portal} ${m.version}`;
  const range = m.requires?.[SHARED_UI_PACKAGE];
  if (typeof range !== 'string' || semver.validRange(range) === null)
    return `${name} declares no valid ${SHARED_UI_PACKAGE} range`;
  if (!semver.satisfies(sharedUi, range, { includePrerelease: true }))
    return `${name} needs ${SHARED_UI_PACKAGE} ${range}; this shell provides ${sharedUi}`;
  return null;
}

/**
 * @typedef {{ live: string | null, canary: { version: string, percent: number } | null, previous: string[] }} Plan
 * @typedef {{ version: string, entry: string }} Served
 * @typedef {{
 *   serving: Served | null,
 *   canary: (Served & { percent: number }) | null,
 *   refused: Array<{ version: string, reason: string }>,
 * }} Outcome
 */

/**
 * @param {object} options
 * @param {() => string} options.apiTarget where this server reaches the API
 * @param {() => Record<string, string>} options.remotes each portal's unversioned entry (the runtime
 *   config's): its versions are published in folders beside it
 * @param {string} options.sharedUi the shared-ui version this shell provides
 * @param {number} [options.refreshMs] how often the registry is read
 * @param {number} [options.firstWaitMs] how long a page waits for the first reading after a start
 * @param {(message: string) => void} [options.warn]
 */
export function createReleases({
  apiTarget,
  remotes,
  sharedUi,
  refreshMs = 2_000,
  firstWaitMs = 1_000,
  warn = (message) => console.warn(message),
}) {
  /** @type {Map<string, Outcome>} */
  let outcomes = new Map();
  /** @type {string | null} */
  let checkedAt = null;
  /** Each checked build: a published build's release.json never changes, so a good answer is kept. */
  /** @type {Map<string, Promise<{ manifest: unknown } | { reason: string }>>} */
  const checks = new Map();
  let lastWarning = '';

  /** @param {string} url */
  async function fetchJson(url) {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw Object.assign(new Error(`${url} answered ${res.status}`), { status: res.status });
    return res.json();
  }

  /** @param {string} portal @param {string} version */
  function entryOf(portal, version) {
    const base = remotes()[portal];
    return base ? `${versionFolder(base, version)}remoteEntry.js` : null;
  }

  /** @param {string} portal @param {string} version */
  async function check(portal, version) {
    const entry = entryOf(portal, version);
    if (!entry) return { reason: `${portal} has no URL in this shell's configuration` };
    const url = new URL(RELEASE_MANIFEST_FILE, entry).href;
    let pending = checks.get(url);
    if (!pending) {
      pending = fetchJson(url).then(
        (manifest) => ({ manifest }),
        (error) => {
          checks.delete(url);
          return {
            reason: `${portal} ${version} is not published: ${error.status ? `${url} answered ${error.status}` : `${url} could not be read`}`,
          };
        },
      );
      checks.set(url, pending);
    }
    const result = await pending;
    if ('reason' in result) return result;
    const reason = refusalOf({ portal, version }, result.manifest, sharedUi);
    return reason ? { reason } : { entry };
  }

  /** @param {string} portal @param {Plan} plan @returns {Promise<Outcome>} */
  async function resolve(portal, plan) {
    /** @type {Outcome['refused']} */
    const refused = [];
    /** @type {Served | null} */
    let serving = null;
    for (const version of [plan.live, ...plan.previous].filter((v) => v !== null && isReleaseVersion(v))) {
      const result = await check(portal, /** @type {string} */ (version));
      if ('entry' in result) {
        serving = { version: /** @type {string} */ (version), entry: result.entry };
        break;
      }
      refused.push({ version: /** @type {string} */ (version), reason: result.reason });
    }
    let canary = null;
    if (plan.canary && isReleaseVersion(plan.canary.version)) {
      const result = await check(portal, plan.canary.version);
      if ('entry' in result) canary = { ...plan.canary, entry: result.entry };
      else refused.push({ version: plan.canary.version, reason: result.reason });
    }
    return { serving, canary, refused };
  }

  async function refresh() {
    try {
      const body = await fetchJson(`${apiTarget()}/api/releases`);
      /** @type {Record<string, Plan>} */
      const plans = body?.releases ?? {};
      const next = new Map();
      await Promise.all(
        Object.entries(plans)
          .filter(([portal]) => portal in remotes())
          .map(async ([portal, plan]) => next.set(portal, await resolve(portal, plan))),
      );
      outcomes = next;
      checkedAt = new Date().toISOString();
      lastWarning = '';
    } catch (error) {
      const message = `The release registry could not be read (${/** @type {Error} */ (error).message}); the last known plan stays in force.`;
      if (message !== lastWarning) warn(message);
      lastWarning = message;
    }
  }

  const first = refresh();
  const timer = setInterval(refresh, refreshMs);
  timer.unref();

  return {
    /** Waits (briefly) for the first reading after the server started. */
    async ready() {
      if (checkedAt !== null) return;
      let timeout;
      await Promise.race([first, new Promise((r) => (timeout = setTimeout(r, firstWaitMs)))]);
      clearTimeout(timeout);
    },

    /**
     * The runtime config a visitor gets: each released portal at its served version, or at its
     * canary for the visitors in it, with the served version as the fallback.
     * @template {{ remotes: Record<string, string>, fallbacks?: Record<string, string> }} C
     * @param {C} config the unversioned runtime config
     * @param {string} visitorId
     * @returns {C}
     */
    configFor(config, visitorId) {
      if (outcomes.size === 0) return config;
      const remotesOut = { ...config.remotes };
      /** @type {Record<string, string>} */
      const fallbacks = {};
      for (const [portal, outcome] of outcomes) {
        const live = outcome.serving?.entry ?? config.remotes[portal];
        remotesOut[portal] = /** @type {string} */ (live); // outcomes hold portals of remotes() only (refresh)
        if (outcome.canary && canaryBucket(visitorId, portal) < outcome.canary.percent) {
          remotesOut[portal] = outcome.canary.entry;
          if (live) fallbacks[portal] = live;
        }
      }
      return Object.keys(fallbacks).length > 0
        ? { ...config, remotes: remotesOut, fallbacks }
        : { ...config, remotes: remotesOut };
    },

    /**
     * What this shell serves and refuses, for the release console (`/release-status.json`).
     * @returns {import('@courseport/contracts').ReleaseStatusResponse}
     */
    status() {
      return {
        sharedUi,
        checkedAt,
        portals: Object.keys(remotes()).map((portal) => {
          const outcome = outcomes.get(portal);
          return {
            portal: /** @type {any} */ (portal),
            serving: outcome?.serving ?? { version: null, entry: /** @type {string} */ (remotes()[portal]) },
            canary: outcome?.canary ?? null,
            refused: outcome?.refused ?? [],
          };
        }),
      };
    },

    /** Whether any portal has a canary now (only then do visitors need their cookie). */
    hasCanary() {
      for (const outcome of outcomes.values()) if (outcome.canary) return true;
      return false;
    },

    refresh,
    close() {
      clearInterval(timer);
    },
  };
}

/**
 * The shared-ui version a built shell provides, from the `release.json` its build wrote.
 * @param {string} root the shell's built files
 */
export function providedSharedUi(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, RELEASE_MANIFEST_FILE), 'utf8'));
  const version = manifest?.provides?.[SHARED_UI_PACKAGE];
  if (!semver.valid(version)) throw new Error(`${root}/${RELEASE_MANIFEST_FILE} names no ${SHARED_UI_PACKAGE} version`);
  return version;
}

/** The visitor cookie: a random id that keeps a visitor on the same side of every canary. */
export const VISITOR_COOKIE = 'cp_visitor';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The visitor's id from the request's cookie, or a new one (with the Set-Cookie that keeps it).
 * @param {import('node:http').IncomingMessage} req
 * @param {boolean} secure the app is served over HTTPS
 * @returns {{ id: string, setCookie: string | null }}
 */
export function visitorOf(req, secure) {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === VISITOR_COOKIE && value && VISITOR_ID.test(value)) return { id: value, setCookie: null };
  }
  const id = randomBytes(16).toString('base64url');
  const attributes = ['Path=/', 'Max-Age=31536000', 'SameSite=Lax', 'HttpOnly', ...(secure ? ['Secure'] : [])];
  return { id, setCookie: `${VISITOR_COOKIE}=${id}; ${attributes.join('; ')}` };
}
