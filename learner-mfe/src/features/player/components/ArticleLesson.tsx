import type { Lecture } from '@courseport/shared-ui';
import { sanitizeRichText } from '@courseport/shared-ui/rich-text';
import { useMemo } from 'react';

/** An article lesson: its reading time, then its text (sanitized again here). */
export function ArticleLesson({ lecture }: { lecture: Lecture }) {
  const safe = useMemo(() => sanitizeRichText(lecture.articleHtml, 1), [lecture.articleHtml]);
  const minutes = Math.max(1, Math.round(lecture.lectureDuration || 0));
  return (
    <article className="ln-lesson-body" aria-label={lecture.lectureTitle}>
      <p className="ln-muted ln-reading-time">{`${minutes} min read`}</p>
      {safe ? (
        <div
          className="ln-rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the description allow-list (lib/sanitize-html.ts).
          dangerouslySetInnerHTML={{ __html: safe }}
        />
      ) : (
        <p className="ln-muted">This article has no text yet.</p>
      )}
    </article>
  );
}
