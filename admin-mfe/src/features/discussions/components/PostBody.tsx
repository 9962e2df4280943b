import { richHtmlKey, sanitizeRichText, useRichHtml } from '@courseport/shared-ui/rich-text';

/** The id of the element that holds a post's sanitized HTML. */
const postBodyId = (postId: string) => `cp-admin-post-body-${postId}`;

/**
 * A post's text as the API sanitized it, sanitized again here (DOMPurify, the platform's allow-list,
 * in the Q&A tab's chunk); on a server-rendered tab, the server's sanitized markup (the discussion
 * allow-list) taken over as it is until then (shared-ui/rich-text).
 */
export function PostBody({ id, html }: { id: string; html: string }) {
  const safe = useRichHtml(postBodyId(id), html, { down: 2, allow: 'discussion', sanitize: sanitizeRichText });
  // Empty until sanitized (only a server render without its sanitizer: the browser fills it in).
  return (
    <div
      {...richHtmlKey(postBodyId(id))}
      id={postBodyId(id)}
      className="cp-admin-post-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the platform's allow-list; on the server with sanitize-html and the discussion list (shared-ui/rich-text).
      dangerouslySetInnerHTML={{ __html: safe ?? '' }}
    />
  );
}
