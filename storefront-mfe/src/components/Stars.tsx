const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/** A rating between 0 and 5 to one decimal, as it is read out ('4.5'). */
export const ratingValue = (rating: number) =>
  Math.round(Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0)) * 10) / 10;

/**
 * Five stars, the first whole `rating` of them filled, named for assistive technology by the
 * rating itself: 'Rated 4.5 out of 5'.
 */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const value = ratingValue(rating);
  const filled = Math.floor(value);
  return (
    <span className="sf-stars" role="img" aria-label={`Rated ${value} out of 5`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <svg
          key={index}
          width={size}
          height={size}
          viewBox="0 0 20 20"
          aria-hidden="true"
          focusable="false"
          data-filled={index < filled}
          className={index < filled ? 'sf-star-filled' : 'sf-star-empty'}
        >
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}
