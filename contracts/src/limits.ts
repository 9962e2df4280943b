/**
 * Limits that the API enforces and the front ends respect, in one place: the API, the shell's
 * server (`shell/routes.mjs`) and the bundled front ends all run the same code.
 */

/** The catalog search looks at most at this many characters of the text (`GET /api/course/all?search`). */
export const SEARCH_MAX_LENGTH = 100;

/**
 * The search text as the catalog uses it: trimmed and cut to `SEARCH_MAX_LENGTH` characters. The
 * storefront, the shell's prefetch and the API's check all use it, so a prefetched path is the
 * one the page asks for.
 */
export function searchText(text: string | null | undefined): string {
  return typeof text === 'string' ? text.trim().slice(0, SEARCH_MAX_LENGTH) : '';
}

/** The most characters of an instructor's bio (plain text, written in the educator portal). */
export const INSTRUCTOR_BIO_MAX_LENGTH = 600;

/** The most characters of a written course review (plain text, shown as text, never as HTML). */
export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** The most characters of an educator's reply to a review. */
export const REVIEW_REPLY_MAX_LENGTH = 1000;
/** The most characters of the reason an admin gives for hiding a review. */
export const REVIEW_HIDE_REASON_MAX_LENGTH = 300;
/** Reviews per page on the course page (`GET /api/course/:id/reviews?page`). */
export const REVIEWS_PAGE_SIZE = 10;
