import { Button } from '@courseport/shared-ui';
import { SearchIcon } from '../../../components/icons';

/**
 * The search box over the latest enrollments, with a 'Clear' button. A plain input with antd's
 * Input look and its search icon in front (`.ed-search-box`, dashboard.css): no antd (#34).
 */
export function EnrollmentSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="ed-search">
      <span className="ed-search-box">
        <SearchIcon />
        <input
          type="search"
          className="ed-search-input"
          placeholder="Search students or courses..."
          aria-label="Search students or courses"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </span>
      <Button onClick={() => onChange('')} disabled={value === ''}>
        Clear
      </Button>
    </div>
  );
}
