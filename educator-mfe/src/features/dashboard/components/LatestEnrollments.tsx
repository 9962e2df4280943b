import type { EnrolledStudent } from '@courseport/shared-ui';
import { useState } from 'react';
import { EnrollmentsTable } from '../../../components/EnrollmentsTable';
import { filterEnrollments } from '../hooks/filterEnrollments';
import { EnrollmentSearch } from './EnrollmentSearch';
import { TableEmpty } from './TableEmpty';

/** The 'Latest Enrollments' table, filtered by student name or course title. */
export function LatestEnrollments({ enrollments }: { enrollments: EnrolledStudent[] }) {
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  const shown = filterEnrollments(enrollments, query);
  return (
    <section className="ed-panel ed-latest" aria-labelledby="ed-latest-title">
      <div className="ed-latest-head">
        <div>
          <h2 id="ed-latest-title" className="ed-section-title">
            Latest Enrollments
          </h2>
          {searching && (
            <p className="ed-latest-count" aria-live="polite">
              {`Showing ${shown.length} of ${enrollments.length} enrollments`}
            </p>
          )}
        </div>
        <EnrollmentSearch value={query} onChange={setQuery} />
      </div>
      <EnrollmentsTable
        label="Latest Enrollments"
        enrollments={shown}
        empty={
          searching ? (
            <TableEmpty title="No enrollments found" text="Try adjusting your search terms" />
          ) : (
            <TableEmpty title="No enrollments yet" text="Start by adding courses and enrolling students" />
          )
        }
      />
    </section>
  );
}
