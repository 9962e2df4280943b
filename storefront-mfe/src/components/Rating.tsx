import { Stars } from './Stars';

/**
 * The rating number, five stars and a count such as '(12)' or '(12 ratings)'. `outOf`: the number
 * said as '4 out of 5' (the course page, where the reviews give their average the same way).
 */
export function Rating({ value, countText, outOf = false }: { value: number; countText: string; outOf?: boolean }) {
  return (
    <span className="sf-rating">
      <span className="sf-rating-value" aria-hidden="true">
        {outOf ? `${value} out of 5` : value}
      </span>
      <Stars rating={value} />
      <span className="sf-rating-count">{countText}</span>
    </span>
  );
}
