import { type KeyboardEvent, useId, useRef, useState } from 'react';

export interface CourseRatingProps {
  /** 0 when the student has not rated the course. */
  value: number;
  /** A rating is being saved (a newer choice is still taken: it is saved after it). */
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

const ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * 'Rate this Course:' and five stars (whole stars, 1–5). A labelled radio group with one tab stop:
 * the arrow keys move between '1 star' … '5 stars' and show the star they are on, without saving;
 * Enter or Space saves the focused star, and so does a click or a tap on a star. Leaving the group
 * without saving shows the saved rating again. Each choice is saved once (`onRate`); a choice
 * made while another is saving is taken too (the page saves the latest after it).
 */
export function CourseRating({ value, busy, onRate }: CourseRatingProps) {
  const name = useId();
  const hint = useId();
  // The star the arrow keys are on, not saved yet (null: the saved rating shows).
  const [moving, setMoving] = useState<number | null>(null);
  // An arrow key is down: the click the browser sends to the radio it moves to is not a choice.
  const arrowDown = useRef(false);
  const shown = moving ?? value;

  const choose = (n: number) => {
    setMoving(null);
    if (n !== value) onRate(n);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, n: number) => {
    if (ARROWS.has(event.key)) arrowDown.current = true;
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(n);
    }
  };

  return (
    <fieldset
      className="ln-rating"
      aria-busy={busy}
      aria-describedby={hint}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setMoving(null);
      }}
    >
      <legend className="ln-rating-label">Rate this Course:</legend>
      <div className="ln-rate">
        {STARS.map((n) => (
          <label key={n} className={n <= shown ? 'ln-star ln-star-on' : 'ln-star'}>
            <input
              className="ln-star-input"
              type="radio"
              name={name}
              value={n}
              checked={shown === n}
              onChange={() => {
                // A click chooses (below); only an arrow key's move is shown without saving.
                if (arrowDown.current) setMoving(n);
              }}
              onKeyDown={(event) => onKeyDown(event, n)}
              onKeyUp={() => {
                arrowDown.current = false;
              }}
              onClick={() => {
                // A click, a tap or a screen reader's activation chooses; an arrow key only moves.
                if (!arrowDown.current) choose(n);
              }}
            />
            <StarIcon />
            <span className="cp-visually-hidden">{starName(n)}</span>
          </label>
        ))}
      </div>
      <span id={hint} className="ln-rating-hint">
        Arrow keys to choose, Enter to save
      </span>
    </fieldset>
  );
}
