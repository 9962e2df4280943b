const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/** Five stars, the first `rating` of them filled (the API's rating is a whole number, 0–5). */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const filled = Math.max(0, Math.min(5, Math.floor(Number.isFinite(rating) ? rating : 0)));
  return (
    <span className="sf-stars" role="img" aria-label={`Rated ${filled} out of 5`}>
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
