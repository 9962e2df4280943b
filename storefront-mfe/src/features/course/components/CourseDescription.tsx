import { useEffect, useState } from 'react';
import { DESCRIPTION_BODY_ID, firstDescriptionHtml } from './server-description';

/**
 * 'Course Description': the full description, sanitized before it is rendered. The sanitizer
 * (DOMPurify) loads with this section rather than with the page, since it is below the fold.
 */
export function CourseDescription({ html }: { html: string }) {
  // A server-rendered page has it at once (server-description.ts).
  const [safe, setSafe] = useState<string | null>(() => firstDescriptionHtml(html));
  useEffect(() => {
    let current = true;
    // Under its h1 (the course title) and its h2 ('Course Description'): headings two levels down.
    void import('@courseport/shared-ui/rich-text').then(({ sanitizeRichText }) => {
      if (current) setSafe(sanitizeRichText(html, 2));
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
          id={DESCRIPTION_BODY_ID}
          className="sf-rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify and a small allow-list (shared-ui's rich-text.ts), on the server with sanitize-html and the same list (server-description.ts).
          dangerouslySetInnerHTML={{ __html: safe }}
        />
      )}
    </section>
  );
}
