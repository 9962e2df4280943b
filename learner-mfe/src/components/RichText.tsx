import { sanitizeRichText } from '@courseport/shared-ui/rich-text';
import { useMemo } from 'react';

/**
 * HTML from the API (a question, an answer, an announcement: sanitized by the server), sanitized
 * again with the platform's allow-list before it is drawn (`@courseport/shared-ui/rich-text`).
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeRichText(html, 2), [html]);
  return (
    <div
      className={className ? `ln-rich-text ${className}` : 'ln-rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the description allow-list (shared-ui/rich-text).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
