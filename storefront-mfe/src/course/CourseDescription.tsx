import { useMemo } from 'react';
import { sanitizeDescription } from './description';

/** 'Course Description': the full description, sanitized before it is rendered. */
export function CourseDescription({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeDescription(html), [html]);
  return (
    <section className="sf-course-section" aria-labelledby="sf-description-title">
      <h2 id="sf-description-title" className="sf-course-section-title">
        Course Description
      </h2>
      <div
        className="sf-rich-text"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify and a small allow-list just above.
        dangerouslySetInnerHTML={{ __html: safe }}
      />
    </section>
  );
}
