import { richHtmlKey, useRichHtml } from '@courseport/shared-ui/rich-text';

/** The id of the element that holds the sanitized description. */
const DESCRIPTION_BODY_ID = 'sf-description-body';

/**
 * 'Course Description': the full description, sanitized before it is rendered. The sanitizer
 * (DOMPurify) loads with this section rather than with the page, since it is below the fold; a
 * server-rendered page has it at once, sanitized there and taken over as it is (shared-ui/rich-text).
 */
export function CourseDescription({ html }: { html: string }) {
  // Under its h1 (the course title) and its h2 ('Course Description'): headings two levels down.
  const safe = useRichHtml(DESCRIPTION_BODY_ID, html, { down: 2 });
  return (
    <section className="sf-course-section" aria-labelledby="sf-description-title" aria-busy={safe === null}>
      <h2 id="sf-description-title" className="sf-course-section-title">
        Course Description
      </h2>
      {safe !== null && (
        <div
          {...richHtmlKey(DESCRIPTION_BODY_ID)}
          id={DESCRIPTION_BODY_ID}
          className="sf-rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify and a small allow-list, on the server with sanitize-html and the same list (shared-ui's rich-text).
          dangerouslySetInnerHTML={{ __html: safe }}
        />
      )}
    </section>
  );
}
