import { sanitizeRichText } from '@courseport/shared-ui/rich-text';
import { useEffect, useState } from 'react';
import { firstPostBodyHtml, postBodyId } from './server-post-body';

/** DOMPurify with the platform's allow-list, in the browser only (the server's render uses the API's, server-post-body.ts). */
const sanitize = (html: string) => (typeof window === 'undefined' ? null : sanitizeRichText(html, 2));

/**
 * A post's text as the API sanitized it, sanitized again here (DOMPurify, the platform's allow-list);
 * on a server-rendered tab, the server's sanitized markup until then (server-post-body.ts).
 */
export function PostBody({ id, html }: { id: string; html: string }) {
  const [safe, setSafe] = useState<string | null>(() => firstPostBodyHtml(id, html) ?? sanitize(html));
  useEffect(() => {
    setSafe(sanitize(html));
  }, [html]);
  // Empty until sanitized (only a server render without its sanitizer: the browser fills it in).
  return (
    <div
      id={postBodyId(id)}
      className="cp-admin-post-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the platform's allow-list (shared-ui/rich-text); on the server with sanitize-html and the same list (server-post-body.ts).
      dangerouslySetInnerHTML={{ __html: safe ?? '' }}
    />
  );
}
