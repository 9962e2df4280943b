import { plural, type QuizStats } from '@courseport/shared-ui';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/**
 * Each quiz of the educator's courses: attempts, students, average score, pass rate and the
 * question most often missed; a quiz nobody took yet says so.
 */
export function QuizStatsList({ quizzes }: { quizzes: QuizStats[] }) {
  return (
    <ul className="ed-quiz-stats-list" aria-label="Quizzes of your courses">
      {quizzes.map((quiz) => {
        const headingId = `ed-quiz-stat-${quiz.lectureId}`;
        return (
          <li key={quiz.lectureId} className="ed-panel ed-quiz-stat" aria-labelledby={headingId}>
            <h2 id={headingId} className="ed-quiz-stat-title">
              {quiz.lectureTitle}
            </h2>
            <p className="ed-quiz-stat-course">{quiz.courseTitle}</p>
            {quiz.attempts === 0 ? (
              <p className="ed-hint">No attempt yet.</p>
            ) : (
              <dl className="ed-quiz-stat-facts">
                <div>
                  <dt>Attempts</dt>
                  <dd>{quiz.attempts}</dd>
                </div>
                <div>
                  <dt>Students</dt>
                  <dd>{quiz.students}</dd>
                </div>
                <div>
                  <dt>Average score</dt>
                  <dd>{percent(quiz.averagePercent)}</dd>
                </div>
                <div>
                  <dt>Pass rate</dt>
                  <dd>{percent(quiz.passRate)}</dd>
                </div>
                <div>
                  <dt>Most missed question</dt>
                  <dd>
                    {quiz.mostMissed
                      ? `${quiz.mostMissed.prompt} (missed ${plural(quiz.mostMissed.missed, 'time')})`
                      : 'None missed'}
                  </dd>
                </div>
              </dl>
            )}
          </li>
        );
      })}
    </ul>
  );
}
