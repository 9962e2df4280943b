import { useEffect, useState } from 'react';

type Sanitize = (html: string) => string;
let sanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** DOMPurify with the API's allow-list (shared-ui's rich-text), loaded once, when there is rich text to show. */
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('@courseport/shared-ui/rich-text').then(({ sanitizeRichText }) => {
    sanitize = (html) => sanitizeRichText(html, 2);
    return sanitize;
  });
  return loading;
}

/**
 * A post's or an announcement's HTML: sanitized by the API when written, and again here with the
 * project's sanitizer (never shown raw). Nothing is drawn until the sanitizer is there.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const [safe, setSafe] = useState<string | null>(() => (sanitize ? sanitize(html) : null));
  useEffect(() => {
    let current = true;
    void loadSanitizer().then((run) => {
      if (current) setSafe(run(html));
    });
    return () => {
      current = false;
    };
  }, [html]);
  if (safe === null) return <div className={className} aria-busy="true" />;
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the description allow-list (shared-ui's rich-text.ts).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
