import { plainTextExcerpt } from '@courseport/shared-ui';

/** The first 50 characters of a description as plain text, followed by '...'. */
export const descriptionTeaser = (html: string) => `${plainTextExcerpt(html, 50)}...`;
