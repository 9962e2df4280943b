import { Button, EmptyState, QueryStates, useNavigate, useQuery, useQueryState } from '@courseport/shared-ui';
import { quizStatsQuery } from '../api/quizStats';
import { PageHeader } from '../features/layout/components/PageHeader';
import { QuizStatsList } from '../features/quiz-stats/components/QuizStatsList';
import { PATHS } from '../lib/paths';
import '../styles/submissions.css';

export const QUIZ_STATS_FAILED = 'Failed to fetch the quiz results';

/**
 * /educator/quiz-results: how each quiz of the educator's courses goes. No antd (#34); the results
 * come with the server's render (portal-data.ts).
 */
export default function QuizResultsPage() {
  const navigate = useNavigate();
  const { state, retry } = useQueryState(useQuery(quizStatsQuery()), {
    fallback: QUIZ_STATS_FAILED,
    network: 'fallback',
    toast: 'background',
  });
  return (
    <div className="ed-page ed-quiz-results">
      <PageHeader
        title="Quiz results"
        subtitle="Per quiz: attempts, students, average score, pass rate and the question most often missed."
      />
      <QueryStates
        state={state}
        loadingText="Loading quiz results..."
        errorTitle="Error Loading Quiz Results"
        onRetry={retry}
        empty={
          <EmptyState
            title="No quizzes yet"
            description="Add a quiz lesson to one of your courses: its results show here."
            action={<Button onClick={() => navigate(PATHS.myCourses)}>Go to My Courses</Button>}
          />
        }
      >
        {(quizzes) => (
          <>
            {quizzes.every((quiz) => quiz.attempts === 0) && (
              <p className="ed-hint ed-quiz-stats-none" role="status">
                No student has attempted your quizzes yet.
              </p>
            )}
            <QuizStatsList quizzes={quizzes} />
          </>
        )}
      </QueryStates>
    </div>
  );
}
