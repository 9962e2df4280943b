// The server's side of `@courseport/shared-ui/rich-text` (#34): the API's own sanitizers (sanitize-html,
// `@courseport/contracts/sanitize-description`), loaded in a portal's server build only. The browser
// build defines `process.env.COURSEPORT_SERVER_BUILD` as "false", so none of it is in a browser chunk.

/** Which allow-list a piece of rich text was stored with: a course's text, or a question's or answer's. */
export type RichTextAllowList = 'description' | 'discussion';

type Sanitize = (html: string) => string;
let sanitizers: Record<RichTextAllowList, Sanitize> | null = null;

/**
 * On the shell's server, before a page that shows rich text renders (its `loadPageData`): loads the
 * sanitizers once. In the browser (and in any build but a server one), nothing.
 */
export async function prepareServerRichText(): Promise<void> {
  if (process.env.COURSEPORT_SERVER_BUILD === 'true' && !sanitizers) {
    const { sanitizeDescription, sanitizeDiscussion } = await import('@courseport/contracts/sanitize-description');
    sanitizers = { description: sanitizeDescription, discussion: sanitizeDiscussion };
  }
}

/** h1-h5 `down` levels down (at most to h6), as DOMPurify's side draws them, without a DOM. */
export function demoteHeadings(html: string, down: 1 | 2): string {
  return html.replace(
    /<(\/?)h([1-5])(?=[\s>])/gi,
    (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + down)}`,
  );
}

/** Rich text sanitized by the server's sanitizer, headings `down` levels down; null when it is not loaded. */
export function serverRichHtml(html: string | undefined, down: 1 | 2, allow: RichTextAllowList): string | null {
  return sanitizers ? demoteHeadings(sanitizers[allow](html ?? ''), down) : null;
}
