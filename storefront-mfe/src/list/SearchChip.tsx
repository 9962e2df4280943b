import { Tag, useNavigate } from '@courseport/shared-ui';

/** The current search as a closable chip; its cross goes back to every course. */
export function SearchChip({ query }: { query: string }) {
  const navigate = useNavigate();
  return (
    <div className="sf-chip-row">
      <span className="sf-chip-label">Results for</span>
      <Tag
        className="sf-chip"
        closable={{ 'aria-label': 'Clear search' }}
        onClose={(event) => {
          event.preventDefault();
          navigate('/course-list');
        }}
      >
        {query}
      </Tag>
    </div>
  );
}
