import { useNavigate } from '@courseport/shared-ui';

/** The current search as a closable chip; its cross goes back to every course. */
export function SearchChip({ query }: { query: string }) {
  const navigate = useNavigate();
  return (
    <div className="sf-chip-row">
      <span className="sf-chip-label">Results for</span>
      <span className="sf-chip">
        {query}
        <button
          type="button"
          className="sf-chip-close"
          aria-label="Clear search"
          onClick={() => navigate('/course-list')}
        >
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
            <path d="M1 1l8 8M9 1l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </span>
    </div>
  );
}
