import { useEffect, useState } from 'react';

/**
 * 'Course Description': the full description, sanitized before it is rendered. The sanitizer
 * (DOMPurify) loads with this section rather than with the page, since it is below the fold.
 */
export function CourseDescription({ html }: { html: string }) {
  const [safe, setSafe] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('./sanitize-description').then(({ sanitizeDescription }) => {
      if (current) setSafe(sanitizeDescription(html));
    });
    return () => {
      current = false;
    };
  }, [html]);
  return (
    <section className="sf-course-section" aria-labelledby="sf-description-title" aria-busy={safe === null}>
      <h2 id="sf-description-title" className="sf-course-section-title">
        Course Description
      </h2>
      {safe !== null && (
        <div
          className="sf-rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify and a small allow-list (sanitize-description.ts).
          dangerouslySetInnerHTML={{ __html: safe }}
        />
      )}
    </section>
  );
}
