import {
  CourseImage,
  type ContinueLearning as Item,
  Link,
  percentText,
  QueryStates,
  useQuery,
  useQueryState,
  useSession,
} from '@courseport/shared-ui';
import { continueLearningQuery, continuePath } from '../api/continueLearning';

const THUMBNAIL_SIZES = '(min-width: 768px) 160px, 120px';

function ContinueCard({ item }: { item: Item }) {
  const percent = Math.round(item.percent);
  return (
    <li className="sf-continue-card">
      <CourseImage className="sf-continue-thumb" course={item} sizes={THUMBNAIL_SIZES} alt="" />
      <div className="sf-continue-body">
        <h3 className="sf-continue-course cp-clamped-title">{item.courseTitle}</h3>
        <div
          className="sf-continue-bar"
          role="progressbar"
          aria-label={`Progress in ${item.courseTitle}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="sf-continue-percent">{percentText(item.percent)} complete</p>
        <Link
          to={continuePath(item)}
          className="sf-continue-link"
          aria-label={`Continue: ${item.lecture.lectureTitle}, in ${item.courseTitle}`}
        >
          Continue: <span className="sf-continue-lecture">{item.lecture.lectureTitle}</span>
        </Link>
      </div>
    </li>
  );
}

function Items() {
  const { state, retry } = useQueryState(useQuery(continueLearningQuery()), {
    fallback: 'Failed to fetch your courses',
  });
  return (
    <QueryStates state={state} errorTitle="Could not load your courses" retryLabel="Retry" onRetry={retry}>
      {(items) => (
        <ul className="sf-continue-list" aria-label="Courses to continue">
          {items.map((item) => (
            <ContinueCard key={item.courseId} item={item} />
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

/**
 * 'Continue learning' on Home, for a signed-in student: their unfinished courses, each opening
 * the player at the next lecture. Nothing for visitors, nor for a student with nothing to continue
 * (the server renders it for nobody, so the first render in the browser is the same).
 */
export function ContinueLearning() {
  const signedIn = useSession((s) => s.status === 'signed-in');
  const { data } = useQuery({ ...continueLearningQuery(), enabled: signedIn });
  if (!signedIn || data?.length === 0) return null;
  return (
    <section className="sf-section sf-continue" aria-labelledby="sf-continue-title">
      <div className="sf-container">
        <h2 id="sf-continue-title" className="sf-continue-title">
          Continue learning
        </h2>
        <Items />
      </div>
    </section>
  );
}
