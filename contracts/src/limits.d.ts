/** The catalog search looks at most at this many characters of the text (`GET /api/course/all?search`). */
export declare const SEARCH_MAX_LENGTH = 100;
/** The search text as the catalog uses it: trimmed and cut to `SEARCH_MAX_LENGTH` characters. */
export declare function searchText(text: string | null | undefined): string;
/** The most characters of an instructor's bio (plain text, written in the educator portal). */
export declare const INSTRUCTOR_BIO_MAX_LENGTH = 600;
