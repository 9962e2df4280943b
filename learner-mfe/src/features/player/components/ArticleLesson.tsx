import type { Lecture } from '@courseport/shared-ui';
import { richHtmlKey, sanitizeRichText, useRichHtml } from '@courseport/shared-ui/rich-text';

/** An article lesson: its reading time, then its text (sanitized again here; on the server, by the API's sanitizer). */
export function ArticleLesson({ lecture }: { lecture: Lecture }) {
  const key = `article-${lecture.lectureId}`;
  const safe = useRichHtml(key, lecture.articleHtml, { down: 1, sanitize: sanitizeRichText });
  const minutes = Math.max(1, Math.round(lecture.lectureDuration || 0));
  return (
    <article className="ln-lesson-body" aria-label={lecture.lectureTitle}>
      <p className="ln-muted ln-reading-time">{`${minutes} min read`}</p>
      {safe ? (
        <div
          {...richHtmlKey(key)}
          className="ln-rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the description allow-list (shared-ui/rich-text); on the server with the API's sanitizer.
          dangerouslySetInnerHTML={{ __html: safe }}
        />
      ) : (
        <p className="ln-muted">This article has no text yet.</p>
      )}
    </article>
  );
}
