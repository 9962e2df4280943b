import { Stars } from './Stars';

/** The rating number, five stars and a count such as '(12)' or '(12 ratings)'. */
export function Rating({ value, countText }: { value: number; countText: string }) {
  return (
    <span className="sf-rating">
      <span className="sf-rating-value" aria-hidden="true">
        {value}
      </span>
      <Stars rating={value} />
      <span className="sf-rating-count">{countText}</span>
    </span>
  );
}
