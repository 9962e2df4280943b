/** The catalog search looks at most at this many characters of the text (`GET /api/course/all?search`). */
export declare const SEARCH_MAX_LENGTH = 100;
/** The search text as the catalog uses it: trimmed and cut to `SEARCH_MAX_LENGTH` characters. */
export declare function searchText(text: string | null | undefined): string;
/** The most characters of an instructor's bio (plain text, written in the educator portal). */
export declare const INSTRUCTOR_BIO_MAX_LENGTH = 600;
/** The most characters of a written course review (plain text, shown as text, never as HTML). */
export declare const REVIEW_TEXT_MAX_LENGTH = 2000;
/** The most characters of an educator's reply to a review. */
export declare const REVIEW_REPLY_MAX_LENGTH = 1000;
/** The most characters of the reason an admin gives for hiding a review. */
export declare const REVIEW_HIDE_REASON_MAX_LENGTH = 300;
/** Reviews per page on the course page (`GET /api/course/:id/reviews?page`). */
export declare const REVIEWS_PAGE_SIZE = 10;
