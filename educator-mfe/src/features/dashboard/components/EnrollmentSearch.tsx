import { Button } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { SearchIcon } from '../../../components/icons';

/** The search box over the latest enrollments, with a 'Clear' button. */
export function EnrollmentSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="ed-search">
      <Input
        className="ed-search-input"
        prefix={<SearchIcon />}
        placeholder="Search students or courses..."
        aria-label="Search students or courses"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <Button onClick={() => onChange('')} disabled={value === ''}>
        Clear
      </Button>
    </div>
  );
}
