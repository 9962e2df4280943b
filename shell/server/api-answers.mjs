// What the shell's server asks the API while it serves a page: the route's first public answer
// (the one the page starts with), which names the page's largest image, its title and description,
// and whether the page exists at all; and the API's public config (the currency of the prices).
// Both are anonymous GETs the API answers from memory, under a short deadline: a slow or absent
// API costs the page these extras, never its delivery.

/** How long a page waits for the API's answer before it goes out without what the answer gives. */
export const ANSWER_TIMEOUT_MS = 250;

/**
 * @typedef {{ status: number, body: unknown }} ApiAnswer an answer with a JSON body (a 404 included)
 */

/**
 * One anonymous GET of the API, or null when it did not answer (in time, or with JSON).
 * @param {string} url
 * @param {number} [timeoutMs]
 * @returns {Promise<ApiAnswer | null>}
 */
export async function fetchApiAnswer(url, timeoutMs = ANSWER_TIMEOUT_MS) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

/** How long the API's public config is reused before it is asked again (it changes only with a release). */
const CONFIG_MAX_AGE_MS = 5 * 60_000;

/**
 * The API's public config (`GET /api/config`), kept for a few minutes; a stale copy is used while
 * a new one is fetched, and none (undefined) until a first answer came.
 * @param {() => string} apiTarget where this server reaches the API
 */
export function createApiConfig(apiTarget) {
  /** @type {{ value: Record<string, unknown> | undefined, at: number, pending: Promise<void> | null }} */
  const state = { value: undefined, at: 0, pending: null };
  const refresh = () => {
    state.pending ??= fetchApiAnswer(`${apiTarget()}/api/config`).then((answer) => {
      if (answer?.status === 200 && answer.body && typeof answer.body === 'object') {
        state.value = /** @type {Record<string, unknown>} */ (answer.body);
        state.at = Date.now();
      }
      state.pending = null;
    });
    return state.pending;
  };
  return {
    /** @returns {Promise<Record<string, unknown> | undefined>} */
    async get() {
      if (Date.now() - state.at > CONFIG_MAX_AGE_MS) {
        const pending = refresh();
        if (state.value === undefined) await pending;
      }
      return state.value;
    },
  };
}
