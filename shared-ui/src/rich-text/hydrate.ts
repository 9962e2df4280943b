// The take-over of `@courseport/shared-ui/rich-text` (see rich-text.ts): the server's markup kept by
// hydration, then DOMPurify's (loaded in a chunk of its own unless the caller has it already).

import { useEffect, useMemo, useState } from 'react';
import type { sanitizeRichText as SanitizeRichText } from './purify';
import { type RichTextAllowList, serverRichHtml } from './server';

type Sanitize = typeof SanitizeRichText;

let loaded: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** DOMPurify with the API's allow-list (`sanitizeRichText`), loaded once, in a chunk of its own. */
export function loadRichTextSanitizer(): Promise<Sanitize> {
  loading ??= import('./purify').then(({ sanitizeRichText }) => {
    loaded = sanitizeRichText;
    return sanitizeRichText;
  });
  return loading;
}

/** The attribute that names an element holding rich text, so the browser's take-over finds its markup. */
const KEY_ATTRIBUTE = 'data-rich-html';

/** The props of the element that holds the rich text `key` (unique on the page: e.g. `post-<id>`). */
export const richHtmlKey = (key: string) => ({ [KEY_ATTRIBUTE]: key });

/** What the browser's first read found, per key: the HTML it was asked for and the server's markup of it. */
const serverMarkup = new Map<string, { html: string; markup: string | null }>();

/**
 * The server's markup of `key` in the page being taken over: read once per key and document, so that
 * a render React restarts before it commits (a suspended one, the session arriving mid-hydration)
 * gets the same answer every time; null when the server did not render it, or rendered other HTML.
 */
function takenOverMarkup(key: string, html: string): string | null {
  if (typeof document === 'undefined') return null;
  let read = serverMarkup.get(key);
  if (!read) {
    const element = Array.from(document.querySelectorAll(`[${KEY_ATTRIBUTE}]`)).find(
      (candidate) => candidate.getAttribute(KEY_ATTRIBUTE) === key,
    );
    read = { html, markup: element?.innerHTML ?? null };
    serverMarkup.set(key, read);
  }
  return read.html === html ? read.markup : null;
}

export interface RichHtmlOptions {
  /** How many levels its headings go down (see `sanitizeRichText`). */
  down: 1 | 2;
  /** The allow-list the server sanitizes it with ('description' unless a question's or answer's). */
  allow?: RichTextAllowList;
  /**
   * `sanitizeRichText`, for a portal that has DOMPurify in the section already: a client render then
   * draws the text at once. Without it, DOMPurify loads after the first render (`loadRichTextSanitizer`).
   */
  sanitize?: Sanitize;
}

/**
 * A piece of rich text's HTML, safe to draw with `dangerouslySetInnerHTML` on the element that
 * carries `richHtmlKey(key)`: the server's sanitized HTML on the server; in the browser, first the
 * server's markup as it is (hydration takes it over without a mismatch), then DOMPurify's. Null while
 * there is nothing to draw yet (DOMPurify loading, or a server render without `prepareServerRichText`).
 */
export function useRichHtml(key: string, html: string | undefined, options: RichHtmlOptions): string | null {
  const { down, allow = 'description', sanitize } = options;
  const text = html ?? '';
  // On the server, or in the page being taken over: what the server rendered (never changes).
  const [first] = useState(() => ({
    html: text,
    markup: serverRichHtml(text, down, allow) ?? takenOverMarkup(key, text),
  }));
  // DOMPurify, once the first render is committed (the take-over keeps the server's markup until then).
  // Nothing to sanitize: nothing loaded for it.
  const empty = text === '';
  const [purify, setPurify] = useState<Sanitize | null>(null);
  useEffect(() => {
    if (sanitize) {
      setPurify(() => sanitize);
      return;
    }
    if (empty) return;
    let current = true;
    void loadRichTextSanitizer().then((run) => {
      if (current) setPurify(() => run);
    });
    return () => {
      current = false;
    };
  }, [sanitize, empty]);
  return useMemo(() => {
    if (empty) return '';
    if (purify) return purify(text, down);
    if (first.markup !== null && first.html === text) return first.markup;
    // A client render (nothing of the server's to keep): at once when DOMPurify is there.
    const now = sanitize ?? loaded;
    return now && typeof window !== 'undefined' ? now(text, down) : null;
  }, [empty, purify, text, down, first, sanitize]);
}
