/** What the section shows until its reviews are there: the same on the server and in the browser. */
export function ReviewsLoading() {
  return (
    <div className="sf-reviews-loading" role="status" aria-live="polite">
      <span className="sf-skeleton sf-skeleton-summary" aria-hidden="true" />
      <span className="sf-skeleton sf-skeleton-line" aria-hidden="true" />
      <span className="sf-skeleton sf-skeleton-line" aria-hidden="true" />
      <span className="cp-visually-hidden">Loading reviews...</span>
    </div>
  );
}
