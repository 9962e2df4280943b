import { type Ref, useEffect, useMemo, useState } from 'react';
import { TOOLS } from './editorTools';

type Sanitize = (html: string) => string;
let sanitize: Sanitize | null = null;
let sanitizing: Promise<Sanitize> | null = null;

/**
 * The sanitizer of a description shown before the editor is there (DOMPurify with the API's
 * allow-list, shared-ui's rich-text): loaded once, only when there is one to show (Edit Course, a
 * restored draft). Its headings go one level down (h2 → h3), drawn as the editor draws its own.
 */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizing ??= import('@courseport/shared-ui/rich-text').then(({ sanitizeRichText }) => {
    sanitize = (html) => sanitizeRichText(html, 1);
    return sanitize;
  });
  return sanitizing;
}

/** A description's headings one level down (h2 → h3), as `sanitizeRichText(html, 1)` draws them. */
const demoteHeadings = (html: string) =>
  html.replace(/<(\/?)h([1-5])(?=[\s>])/gi, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);

let serverSanitize: Sanitize | null = null;

/**
 * On the shell's server, before Edit Course renders (the portal's `loadPageData`): the sanitizer of
 * the API's allow-list (sanitize-html, `@courseport/contracts/sanitize-description`, in the server
 * build only), so the saved description is in the server's page (#34), headings one level down as
 * in the browser. Elsewhere, nothing.
 */
export async function prepareServerSanitizer(): Promise<void> {
  if (process.env.COURSEPORT_SERVER_BUILD === 'true') {
    const { sanitizeDescription } = await import('@courseport/contracts/sanitize-description');
    serverSanitize = (html) => demoteHeadings(sanitizeDescription(html));
  }
}

/** What the browser's first read found, per box (its label's id): the description and the server's markup of it. */
const serverMarkup = new Map<string, { html: string; markup: string | null }>();

/**
 * The description's HTML before DOMPurify is there: sanitized here on the server; in the browser,
 * what the server rendered in this box for the page being taken over (read once per box, so that a
 * render React restarts gets the same answer), else null (the sanitizer loads first).
 */
function firstPreviewHtml(html: string, labelledBy: string): string | null {
  if (serverSanitize) return serverSanitize(html);
  if (typeof document === 'undefined') return null;
  let read = serverMarkup.get(labelledBy);
  if (!read) {
    const box = Array.from(document.querySelectorAll('.ed-editor-preview')).find(
      (element) => element.getAttribute('aria-labelledby') === labelledBy,
    );
    read = { html, markup: box?.innerHTML ?? null };
    serverMarkup.set(labelledBy, read);
  }
  return read.html === html ? read.markup : null;
}

/**
 * The description editor's box before the editor is there (on the server's page, and until the
 * educator goes to use it): the same toolbar row and text area, so nothing moves when the editor
 * takes its place, with the description as it is (sanitized), read only. Pointing at it, focusing
 * it or pressing it calls `onUse` (the editor loads); it says 'Loading editor...' meanwhile.
 */
export function EditorPlaceholder({
  html,
  labelledBy,
  describedBy,
  status,
  contentRef,
  onUse,
}: {
  html: string;
  labelledBy: string;
  describedBy?: string | undefined;
  /** What the box says while the editor is not there yet ('' when nothing is under way). */
  status: string;
  contentRef?: Ref<HTMLDivElement>;
  onUse?: (pressed: boolean) => void;
}) {
  const [ready, setReady] = useState(() => sanitize !== null);
  useEffect(() => {
    if (!html || ready) return;
    let current = true;
    void loadSanitizer().then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [html, ready]);
  const safe = useMemo(
    () => (!html ? '' : ready && sanitize ? sanitize(html) : firstPreviewHtml(html, labelledBy)),
    [html, ready, labelledBy],
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointing at or pressing anywhere on the box (not a control itself) loads the editor; its textbox is the control.
    <div
      className="ed-editor ed-editor-idle"
      onPointerEnter={() => onUse?.(false)}
      onPointerDown={() => onUse?.(true)}
      onFocus={() => onUse?.(false)}
    >
      <div className="ed-toolbar">
        {TOOLS.map((tool) => (
          <span key={tool.name} className="ed-tool" aria-hidden="true">
            {tool.icon}
          </span>
        ))}
        <span className="ed-editor-status" role="status">
          {status && (
            <>
              <span className="cp-spinner cp-spinner-small" aria-hidden="true" />
              {status}
            </>
          )}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: it stands for the rich-text editor (a contenteditable textbox), which replaces it when used. */}
      <div
        ref={contentRef}
        className="ed-editor-content ed-editor-preview"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={describedBy ? true : undefined}
        aria-busy={status !== '' || safe === null || undefined}
        tabIndex={0}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify and the API's allow-list (shared-ui's rich-text.ts), on the server with sanitize-html and the same list (prepareServerSanitizer).
        dangerouslySetInnerHTML={{ __html: safe ?? '' }}
      />
    </div>
  );
}
