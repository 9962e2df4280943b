import { Button, EmptyState, plural, QueryStates, useQuery, useQueryState } from '@courseport/shared-ui';
import { useId } from 'react';
import { quizStatsQuery } from '../../../api/quizStats';
import { downloadCsv } from '../csv';
import { DataTable } from './DataTable';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** Each quiz's results (`GET /api/educator/quiz-stats`), for one course or all, with its CSV. */
export function QuizResults({ courseId }: { courseId: string | null }) {
  const { state, retry } = useQueryState(useQuery(quizStatsQuery()), {
    fallback: 'Failed to fetch the quiz results',
    toast: 'background',
  });
  const headingId = useId();
  return (
    <section className="ed-panel ed-an-panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="ed-an-panel-title">
        Quiz results
      </h3>
      <QueryStates
        state={state}
        loadingText="Loading quiz results..."
        errorTitle="Error Loading Quiz Results"
        onRetry={retry}
      >
        {(all) => {
          const quizzes = courseId ? all.filter((quiz) => quiz.courseId === courseId) : all;
          if (quizzes.length === 0) {
            return (
              <EmptyState
                title="No quizzes yet"
                description={
                  courseId ? 'This course has no quiz lesson.' : 'Add a quiz lesson to a course: its results show here.'
                }
              />
            );
          }
          return (
            <>
              <div className="ed-an-panel-actions">
                <Button
                  aria-describedby={headingId}
                  onClick={() =>
                    downloadCsv(
                      `courseport-analytics-quizzes${courseId ? `-${courseId}` : ''}.csv`,
                      [
                        'Quiz',
                        'Course',
                        'Attempts',
                        'Students',
                        'Average score (%)',
                        'Pass rate (%)',
                        'Most missed question',
                        'Missed',
                      ],
                      quizzes.map((q) => [
                        q.lectureTitle,
                        q.courseTitle,
                        q.attempts,
                        q.students,
                        q.averagePercent,
                        q.passRate,
                        q.mostMissed?.prompt ?? null,
                        q.mostMissed?.missed ?? null,
                      ]),
                    )
                  }
                >
                  Download CSV
                </Button>
              </div>
              <DataTable
                caption="Quiz results"
                columns={[
                  { label: 'Quiz' },
                  { label: 'Course' },
                  { label: 'Attempts', numeric: true },
                  { label: 'Students', numeric: true },
                  { label: 'Average score', numeric: true },
                  { label: 'Pass rate', numeric: true },
                  { label: 'Most missed question' },
                ]}
                rows={quizzes.map((q) => ({
                  key: q.lectureId,
                  cells: [
                    q.lectureTitle,
                    q.courseTitle,
                    String(q.attempts),
                    String(q.students),
                    percent(q.averagePercent),
                    percent(q.passRate),
                    q.mostMissed ? `${q.mostMissed.prompt} (missed ${plural(q.mostMissed.missed, 'time')})` : '—',
                  ],
                }))}
              />
            </>
          );
        }}
      </QueryStates>
    </section>
  );
}
