import {
  Button,
  EmptyState,
  QueryStates,
  useNavigate,
  useQuery,
  useQueryState,
  useSearchParams,
} from '@courseport/shared-ui';
import { useMemo } from 'react';
import { analyticsQuery } from '../features/analytics/api/analytics';
import { LessonReach } from '../features/analytics/components/LessonReach';
import { QuizResults } from '../features/analytics/components/QuizResults';
import { RangeControls } from '../features/analytics/components/RangeControls';
import { RatingsChart, SalesCharts } from '../features/analytics/components/SalesCharts';
import { Totals } from '../features/analytics/components/Totals';
import { type DayRange, dayLabel, rangeFromParams } from '../features/analytics/range';
import { PageHeader } from '../features/layout/components/PageHeader';
import { PATHS } from '../lib/paths';

/**
 * /educator/analytics (#36, part 5): for a period (the last 30 days first) and one course or all,
 * the totals, revenue and enrollments day by day, ratings month by month, each lesson's reach and
 * the quiz results. The range and course live in the URL (`?from=&to=&course=`). The totals and
 * tables paint with the data; the charts (uPlot, this page's own lazy chunk) fill in after.
 */
export default function AnalyticsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // The range follows the URL's query (one object per query, so the query's key stays put).
  const range = useMemo(() => rangeFromParams(new URLSearchParams(search)), [search]);
  const courseId = params.get('course') || null;
  const query = useQuery(analyticsQuery(range, courseId));
  const { state, retry } = useQueryState(query, {
    fallback: 'Could not load your analytics',
    toast: 'background',
  });
  const courses = query.data?.courses ?? [];

  const update = (next: { range?: DayRange; courseId?: string | null }) => {
    const r = next.range ?? range;
    const c = next.courseId === undefined ? courseId : next.courseId;
    setParams({ from: r.from, to: r.to, ...(c ? { course: c } : {}) }, { replace: true });
  };

  return (
    <div className="ed-page ed-analytics">
      <PageHeader
        title="Analytics"
        subtitle="How your courses do: sales, enrollments, ratings, how far students get, and quiz results"
      />
      <RangeControls
        range={range}
        courseId={courseId}
        courses={courses}
        onRange={(next) => update({ range: next })}
        onCourse={(next) => update({ courseId: next })}
      />
      <p className="ed-an-period" aria-live="polite">
        {query.isPlaceholderData ? 'Updating…' : `${dayLabel(range.from)} to ${dayLabel(range.to)} (UTC days)`}
      </p>
      <QueryStates
        state={state}
        loadingText="Loading your analytics..."
        errorTitle="Error Loading Analytics"
        onRetry={retry}
        isEmpty={(analytics) => analytics.courses.length === 0}
        empty={
          <EmptyState
            title="No analytics yet"
            description="Once you publish a course, its sales, enrollments, ratings and each lesson's reach show here."
            action={<Button onClick={() => navigate(PATHS.addCourse)}>Add a course</Button>}
          />
        }
      >
        {(analytics) => (
          <>
            <section aria-labelledby="ed-an-totals" className="ed-an-section">
              <h2 id="ed-an-totals" className="ed-section-title">
                Totals
              </h2>
              <Totals totals={analytics.totals} />
            </section>
            <section aria-labelledby="ed-an-sales" className="ed-an-section">
              <h2 id="ed-an-sales" className="ed-section-title">
                Revenue and enrollments
              </h2>
              <SalesCharts analytics={analytics} />
            </section>
            <section aria-labelledby="ed-an-ratings" className="ed-an-section">
              <h2 id="ed-an-ratings" className="ed-section-title">
                Ratings
              </h2>
              <RatingsChart analytics={analytics} />
            </section>
            <section aria-labelledby="ed-an-lessons" className="ed-an-section">
              <h2 id="ed-an-lessons" className="ed-section-title">
                Lessons: reach and drop-off
              </h2>
              <LessonReach courseId={analytics.courseId} />
            </section>
            <section aria-labelledby="ed-an-quizzes" className="ed-an-section">
              <h2 id="ed-an-quizzes" className="ed-section-title">
                Quizzes
              </h2>
              <QuizResults courseId={analytics.courseId} />
            </section>
          </>
        )}
      </QueryStates>
    </div>
  );
}
