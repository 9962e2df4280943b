// A page's metadata for search engines and link previews, written into the shell's page by its
// server (the page itself is still rendered in the browser): the title, the description, the
// canonical URL, Open Graph and Twitter card tags, a course's schema.org `Course` (JSON-LD), the
// `noindex` of the signed-in pages, and the page's status: 404 when the API has no such course.
// Pure: the route, the API's answer and the public origin in, markup out.
import { discountedPrice, htmlToText, searchText } from '@courseport/contracts';
import { isAppPage, isIndexable } from '../routes.mjs';

/** As the app names its pages (shared-ui's `pageTitle`): 'Courses · Courseport'. */
export const SITE_NAME = 'Courseport';
export const pageTitle = (/** @type {string} */ part) => (part ? `${part} · ${SITE_NAME}` : SITE_NAME);

export const SITE_DESCRIPTION =
  'Online courses across coding, design, business and more, taught by educators who bring real-world experience to every lesson.';

/** About what a search result shows of a description. */
export const DESCRIPTION_LENGTH = 155;

/** Text for an HTML element's content or a quoted attribute. */
export const escapeHtml = (/** @type {string} */ text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * JSON for a `<script type="application/ld+json">`: nothing in it can end the element or open a
 * comment (`<` `>` `&` are written as \u escapes, which JSON reads as the same characters).
 * @param {unknown} value
 */
export const jsonLdHtml = (value) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}</script>`;

/**
 * A description cut to about `max` characters at a word boundary, with '…' when it was longer.
 * @param {string} text
 */
export function shortDescription(text, max = DESCRIPTION_LENGTH) {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  const cut = characters.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The ISO 4217 code of the app's currency label ('Rs' → 'INR'); undefined when it is not known. */
const CURRENCY_CODES = { rs: 'INR', 'rs.': 'INR', '₹': 'INR', inr: 'INR', $: 'USD', '€': 'EUR', '£': 'GBP' };
export function isoCurrency(/** @type {unknown} */ label) {
  if (typeof label !== 'string') return undefined;
  const code = CURRENCY_CODES[/** @type {keyof typeof CURRENCY_CODES} */ (label.trim().toLowerCase())];
  return code ?? (/^[A-Z]{3}$/.test(label.trim()) ? label.trim() : undefined);
}

/** The title of each page of a portal until (or while) the page names itself, as the pages do. */
/** @type {{ CourseListPage: string, CourseDetailsPage: string, InstructorPage: string } & Record<string, string>} */
const TITLES = {
  CourseListPage: 'Courses',
  CourseDetailsPage: 'Course',
  InstructorPage: 'Instructor',
  CertificatePage: 'Certificate',
  MyEnrollmentsPage: 'My Enrollments',
  PlayerPage: 'Course player',
  PaymentReturnPage: 'Payment verification',
  PurchaseHistoryPage: 'Purchase history',
  WishlistPage: 'Wishlist',
  EducatorPortal: 'Educator',
  AdminDashboardPage: 'Admin',
};
/** @type {Record<string, string>} */
const SHELL_TITLES = { '/reset-password': 'Reset password' };
const COURSE_NOT_FOUND = 'Course not found';
const INSTRUCTOR_NOT_FOUND = 'Instructor not found';
/** The pages whose metadata (and whether they exist) comes from their first API answer. */
const DESCRIBED_BY_ANSWER = new Set(['CourseDetailsPage', 'InstructorPage']);
const PAGE_NOT_FOUND = 'Page not found';

/**
 * Whether the route's metadata is read from its first API answer (the server then waits for it).
 * @param {{ route: { module: string }, prefetch: string | null } | null} match
 */
export const describedByAnswer = (match) =>
  Boolean(match?.prefetch) && DESCRIBED_BY_ANSWER.has(match?.route.module ?? '');

/**
 * @typedef {object} PageFacts what a page says about itself
 * @property {string} title the `<title>`
 * @property {string} [name] the page's own name, for link previews (the title without the site's name)
 * @property {string} [description]
 * @property {string} [path] the canonical path (a page without it has no canonical or og:url)
 * @property {string} [image] an absolute http(s) URL
 * @property {boolean} [noindex]
 * @property {unknown} [structuredData] JSON-LD
 * @property {404} [status]
 */

/** A thumbnail URL fit for a link preview: absolute http(s), else undefined. */
const httpUrl = (/** @type {unknown} */ url) =>
  typeof url === 'string' && /^https?:\/\/[^\s"<>]+$/.test(url) ? url : undefined;

/**
 * The schema.org `Course` of a course page (https://developers.google.com/search/docs/appearance/structured-data/course-info).
 * @param {import('@courseport/contracts').CourseDetails} course
 * @param {{ url: string, origin: string, description: string, currency?: string }} where
 */
export function courseStructuredData(course, { url, origin, description, currency }) {
  const price = discountedPrice(course.coursePrice, course.discount);
  const image = httpUrl(course.courseThumbnail);
  const educator = typeof course.educator?.name === 'string' && course.educator.name ? course.educator.name : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.courseTitle,
    description,
    url,
    ...(image ? { image: [image] } : {}),
    provider: { '@type': 'Organization', name: SITE_NAME, url: origin },
    ...(educator ? { author: { '@type': 'Person', name: educator } } : {}),
    ...(currency
      ? {
          offers: [
            {
              '@type': 'Offer',
              category: price > 0 ? 'Paid' : 'Free',
              price,
              priceCurrency: currency,
              availability: 'https://schema.org/InStock',
              url,
            },
          ],
        }
      : {}),
    ...(course.ratingCount > 0 && course.averageRating > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: course.averageRating,
            ratingCount: course.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * What a page says about itself: from its route, and for a course page from the API's answer.
 * @param {object} options
 * @param {string} options.pathname
 * @param {{ route: { module: string }, params: Record<string, string> } | null} options.match
 * @param {import('./api-answers.mjs').ApiAnswer | null} [options.answer] the route's first API answer (null: none in time)
 * @param {string} options.origin the app's public origin, for absolute URLs
 * @param {string} [options.currency] the ISO code of the prices
 * @returns {PageFacts}
 */
export function pageFacts({ pathname, match, answer, origin, currency }) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!isAppPage(path)) return { title: pageTitle(PAGE_NOT_FOUND) };
  if (!isIndexable(path) || !match) {
    const title = match ? TITLES[match.route.module] : SHELL_TITLES[path];
    return { title: pageTitle(title ?? ''), noindex: true };
  }
  switch (match.route.module) {
    case 'HomePage':
      return { title: SITE_NAME, description: SITE_DESCRIPTION, path: '/' };
    case 'CourseListPage': {
      // A search's results are a page for a visitor, not for an index (any text makes one): they
      // are left out, their links followed.
      const query = searchText(match.params.input);
      if (!query) {
        const description = `Every course on ${SITE_NAME}. ${SITE_DESCRIPTION}`;
        return { title: pageTitle(TITLES.CourseListPage), name: 'Course List', description, path: '/course-list' };
      }
      return {
        title: pageTitle(`Search: ${query}`),
        name: `Search: ${query}`,
        description: `Courses on ${SITE_NAME} whose title contains “${query}”.`,
        path: `/course-list/${encodeURIComponent(query)}`,
        noindex: true,
      };
    }
    case 'CourseDetailsPage': {
      const canonical = `/course/${encodeURIComponent(match.params.id ?? '')}`;
      if (answer?.status === 404) return { title: pageTitle(COURSE_NOT_FOUND), status: 404 };
      const course = /** @type {any} */ (answer?.status === 200 ? answer.body : null)?.courseData;
      if (!course || typeof course.courseTitle !== 'string') {
        return { title: pageTitle(TITLES.CourseDetailsPage), path: canonical };
      }
      const text = htmlToText(course.courseDescription);
      const description = shortDescription(text || `${course.courseTitle}, a course on ${SITE_NAME}.`);
      return {
        title: pageTitle(course.courseTitle),
        name: course.courseTitle,
        description,
        path: canonical,
        image: httpUrl(course.courseThumbnail),
        structuredData: courseStructuredData(course, {
          url: origin + canonical,
          origin,
          description: shortDescription(text, 1000) || description,
          currency,
        }),
      };
    }
    case 'InstructorPage': {
      const canonical = `/instructor/${encodeURIComponent(match.params.id ?? '')}`;
      if (answer?.status === 404) return { title: pageTitle(INSTRUCTOR_NOT_FOUND), status: 404 };
      const instructor = /** @type {any} */ (answer?.status === 200 ? answer.body : null)?.instructor;
      if (!instructor || typeof instructor.name !== 'string') {
        return { title: pageTitle(TITLES.InstructorPage), path: canonical };
      }
      const bio = typeof instructor.bio === 'string' ? instructor.bio.replace(/\s+/g, ' ').trim() : '';
      return {
        title: pageTitle(instructor.name),
        name: instructor.name,
        description: shortDescription(bio || `Courses by ${instructor.name} on ${SITE_NAME}.`),
        path: canonical,
        image: httpUrl(instructor.imageUrl),
      };
    }
    default:
      return { title: pageTitle(TITLES[match.route.module] ?? '') };
  }
}

/**
 * The head markup of a page's facts (all but the `<title>`, which replaces the built page's own).
 * @param {PageFacts} facts
 * @param {string} origin
 */
export function metadataHtml(facts, origin) {
  /** @type {(attribute: 'name' | 'property', name: string, content: string | undefined) => string} */
  const meta = (attribute, name, content) =>
    content === undefined ? '' : `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`;
  const url = facts.path === undefined ? undefined : origin + facts.path;
  const preview = facts.description !== undefined || facts.image !== undefined;
  return [
    facts.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('name', 'description', facts.description),
    url && !facts.noindex ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    ...(url && preview
      ? [
          meta('property', 'og:type', 'website'),
          meta('property', 'og:site_name', SITE_NAME),
          meta('property', 'og:title', facts.name ?? facts.title),
          meta('property', 'og:description', facts.description),
          meta('property', 'og:url', url),
          meta('property', 'og:image', facts.image),
          meta('name', 'twitter:card', facts.image ? 'summary_large_image' : 'summary'),
          meta('name', 'twitter:title', facts.name ?? facts.title),
          meta('name', 'twitter:description', facts.description),
          meta('name', 'twitter:image', facts.image),
        ]
      : []),
    facts.structuredData ? jsonLdHtml(facts.structuredData) : '',
  ].join('');
}
