import { Rate } from '@courseport/shared-ui/heavy';

export interface CourseRatingProps {
  /** 0 when the student has not rated the course. */
  value: number;
  busy: boolean;
  onRate: (rating: number) => void;
}

/** 'Rate this Course:' and five stars; choosing one rates the course (whole stars, 1–5). */
export function CourseRating({ value, busy, onRate }: CourseRatingProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend styled as an inline label.
    <div className="ln-rating" role="group" aria-labelledby="ln-rating-label">
      <span id="ln-rating-label" className="ln-rating-label">
        Rate this Course:
      </span>
      <Rate
        className="ln-rate"
        value={value}
        count={5}
        allowHalf={false}
        allowClear={false}
        disabled={busy}
        onChange={(rating) => {
          if (Number.isInteger(rating) && rating >= 1 && rating <= 5) onRate(rating);
        }}
      />
    </div>
  );
}
