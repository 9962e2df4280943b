import { type RichTextAllowList, richHtmlKey, sanitizeRichText, useRichHtml } from '@courseport/shared-ui/rich-text';

/**
 * HTML from the API (a question, an answer, an announcement: sanitized by the server), sanitized
 * again with the platform's allow-list before it is drawn (`@courseport/shared-ui/rich-text`): on a
 * server-rendered page, the server's sanitized markup (`allow`: the list the API stored it with),
 * taken over as it is. `richKey` names it on the page (e.g. `answer-<id>`).
 */
export function RichText({
  html,
  richKey,
  allow = 'description',
  className,
}: {
  html: string;
  richKey: string;
  allow?: RichTextAllowList;
  className?: string;
}) {
  const safe = useRichHtml(richKey, html, { down: 2, allow, sanitize: sanitizeRichText });
  return (
    <div
      {...richHtmlKey(richKey)}
      className={className ? `ln-rich-text ${className}` : 'ln-rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the description allow-list; on the server with the API's sanitizer (shared-ui/rich-text).
      dangerouslySetInnerHTML={{ __html: safe ?? '' }}
    />
  );
}
