import { useId } from 'react';

export interface CourseRatingProps {
  /** 0 when the student has not rated the course. */
  value: number;
  busy: boolean;
  onRate: (rating: number) => void;
}

const STARS = [1, 2, 3, 4, 5] as const;

const starName = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

function StarIcon() {
  return (
    <svg className="ln-star-icon" width="24" height="24" viewBox="0 0 24 24" focusable="false" aria-hidden="true">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
        fill="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 'Rate this Course:' and five stars (whole stars, 1–5); choosing one rates the course. A labelled
 * radio group: one tab stop, the arrow keys move between '1 star' … '5 stars', and each star is
 * named. While a rating is being saved, another choice is ignored.
 */
export function CourseRating({ value, busy, onRate }: CourseRatingProps) {
  const name = useId();
  return (
    <fieldset className="ln-rating" aria-busy={busy}>
      <legend className="ln-rating-label">Rate this Course:</legend>
      <div className="ln-rate">
        {STARS.map((n) => (
          <label key={n} className={n <= value ? 'ln-star ln-star-on' : 'ln-star'}>
            <input
              className="ln-star-input"
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => {
                if (!busy) onRate(n);
              }}
            />
            <StarIcon />
            <span className="cp-visually-hidden">{starName(n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
