import type { Lecture } from '@courseport/shared-ui';
import { useId } from 'react';

export interface LectureNavigationProps {
  previous: Lecture | null;
  next: Lecture | null;
  onSelect: (lectureId: string) => void;
  autoplayNext: boolean;
  onAutoplayNextChange: (on: boolean) => void;
}

/**
 * Previous/Next lecture (course order, named by the lecture they open; `data-lecture-id`: which, for
 * the player's preloading of a hosted lesson) and the "Autoplay next lecture" switch.
 */
export function LectureNavigation({
  previous,
  next,
  onSelect,
  autoplayNext,
  onAutoplayNextChange,
}: LectureNavigationProps) {
  const autoplayId = useId();
  return (
    <nav className="ln-lecture-nav" aria-label="Lectures">
      {previous && (
        <button
          type="button"
          className="ln-lecture-step"
          data-lecture-id={previous.lectureId}
          aria-label={`Previous lecture: ${previous.lectureTitle}`}
          onClick={() => onSelect(previous.lectureId)}
        >
          <span aria-hidden="true">‹</span> Previous
        </button>
      )}
      {next && (
        <button
          type="button"
          className="ln-lecture-step ln-lecture-step-next"
          data-lecture-id={next.lectureId}
          aria-label={`Next lecture: ${next.lectureTitle}`}
          onClick={() => onSelect(next.lectureId)}
        >
          Next <span aria-hidden="true">›</span>
        </button>
      )}
      <span className="ln-autoplay">
        <input
          id={autoplayId}
          type="checkbox"
          checked={autoplayNext}
          onChange={(event) => onAutoplayNextChange(event.target.checked)}
        />
        <label htmlFor={autoplayId}>Autoplay next lecture</label>
      </span>
    </nav>
  );
}
