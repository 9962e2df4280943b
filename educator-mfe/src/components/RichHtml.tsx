import { type RichTextAllowList, richHtmlKey, useRichHtml } from '@courseport/shared-ui/rich-text';

/**
 * A post's or an announcement's HTML: sanitized by the API when written, and again here with the
 * project's sanitizer (DOMPurify, loaded once, when there is rich text to show; never shown raw).
 * On a server-rendered page, the server's sanitized markup (`allow`: the list the API stored it
 * with), taken over as it is (shared-ui/rich-text); else nothing is drawn until DOMPurify is there.
 * `richKey` names it on the page (e.g. `answer-<id>`).
 */
export function RichHtml({
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
  const safe = useRichHtml(richKey, html, { down: 2, allow });
  if (safe === null) return <div className={className} aria-busy="true" />;
  return (
    <div
      {...richHtmlKey(richKey)}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the description allow-list; on the server with the API's sanitizer (shared-ui's rich-text).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
