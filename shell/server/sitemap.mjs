// `/robots.txt` and `/sitemap.xml`: what search engines may crawl (all but the signed-in areas),
// and every page worth listing: the home page, the course list and each published course, read
// from the API's catalog (every page of it) and kept a few minutes.
import { unindexedPrefixes } from '../routes.mjs';
import { fetchApiAnswer } from './api-answers.mjs';

/** @param {string} origin the app's public origin */
export function robotsTxt(origin) {
  const disallowed = [...unindexedPrefixes(), '/checkout'];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (/** @type {string} */ text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A W3C date-time for `<lastmod>`, or undefined when the value is none. */
const lastModified = (/** @type {unknown} */ value) => {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

/**
 * @param {string} origin the app's public origin
 * @param {Array<{ _id: string, updatedAt?: string }>} courses the published courses
 */
export function sitemapXml(origin, courses) {
  /** @type {Array<{ path: string, lastmod?: string }>} */
  const pages = [
    { path: '/' },
    { path: '/course-list' },
    ...courses.map((course) => ({
      path: `/course/${encodeURIComponent(course._id)}`,
      lastmod: lastModified(course.updatedAt),
    })),
  ];
  const urls = pages.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The API's largest catalog page (`limit`), and a sitemap's most URLs (the protocol's own limit). */
const PAGE_SIZE = 100;
const MAX_COURSES = 49_000;
const PAGE_TIMEOUT_MS = 5_000;

/**
 * Every published course, a catalog page at a time; null when the API did not answer.
 * @param {string} apiBaseUrl where this server reaches the API
 * @returns {Promise<Array<{ _id: string }> | null>}
 */
export async function fetchPublishedCourses(apiBaseUrl) {
  /** @type {Array<{ _id: string }>} */
  const courses = [];
  for (let offset = 0; offset < MAX_COURSES; offset += PAGE_SIZE) {
    const answer = await fetchApiAnswer(
      `${apiBaseUrl}/api/course/all?offset=${offset}&limit=${PAGE_SIZE}`,
      PAGE_TIMEOUT_MS,
    );
    const body = /** @type {{ courses?: unknown, total?: unknown } | undefined} */ (answer?.body);
    if (answer?.status !== 200 || !Array.isArray(body?.courses)) return null;
    courses.push(...body.courses.filter((course) => typeof course?._id === 'string'));
    const total = typeof body.total === 'number' ? body.total : 0;
    if (body.courses.length < PAGE_SIZE || offset + PAGE_SIZE >= total) break;
  }
  return courses;
}

/** How long a sitemap is served before the catalog is read again. */
export const SITEMAP_MAX_AGE_MS = 5 * 60_000;

/**
 * The sitemap, built at most every few minutes (one build at a time); the last good one is served
 * while a new one is built or the API does not answer, and null only when there never was one.
 * @param {object} options
 * @param {() => string} options.apiTarget where this server reaches the API
 * @param {() => string} options.origin the app's public origin
 * @param {() => number} [options.now]
 */
export function createSitemap({ apiTarget, origin, now = Date.now }) {
  /** @type {{ xml: string | null, at: number, pending: Promise<string | null> | null }} */
  const state = { xml: null, at: -Infinity, pending: null };
  return {
    /** @returns {Promise<string | null>} */
    async get() {
      if (now() - state.at < SITEMAP_MAX_AGE_MS) return state.xml;
      state.pending ??= fetchPublishedCourses(apiTarget()).then((courses) => {
        state.pending = null;
        if (courses) Object.assign(state, { xml: sitemapXml(origin(), courses), at: now() });
        return state.xml;
      });
      // An old sitemap goes out at once while the new one is built.
      return state.xml ?? state.pending;
    },
  };
}
