import { type CourseReviewsPage, plural } from '@courseport/shared-ui';
import { Stars } from '../../../components/Stars';

const LEVELS = [5, 4, 3, 2, 1] as const;

const starsName = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

/** The share of `count` in `total`, as a whole percentage (0 when there is nothing to share). */
export const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/**
 * 'Average rating', the average (one decimal) as '4.2 out of 5' with its stars and the number of ratings, and the breakdown: a bar
 * for each of 5★ down to 1★. Each row reads as its text ('5 stars 60% (3)'); the bars are drawing only.
 */
export function RatingSummary({ summary }: { summary: CourseReviewsPage }) {
  const { averageRating, ratingCount, breakdown } = summary;
  return (
    <div className="sf-reviews-summary">
      <div className="sf-reviews-average">
        <span className="sf-reviews-average-label">Average rating</span>
        <span className="sf-reviews-average-value" aria-hidden="true">
          {`${averageRating.toFixed(1)} out of 5`}
        </span>
        <Stars rating={averageRating} size={20} />
        <span className="sf-muted">{plural(ratingCount, 'rating')}</span>
      </div>
      <ul className="sf-breakdown" aria-label="Rating breakdown">
        {LEVELS.map((level) => {
          const count = breakdown[level] ?? 0;
          const percent = percentOf(count, ratingCount);
          return (
            <li key={level} className="sf-breakdown-row">
              <span className="sf-breakdown-label">{starsName(level)}</span>{' '}
              <span className="sf-breakdown-bar" aria-hidden="true">
                <span className="sf-breakdown-fill" style={{ width: `${percent}%` }} />
              </span>
              <span className="sf-breakdown-percent">{`${percent}%`}</span>{' '}
              <span className="sf-breakdown-count">{`(${count})`}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
