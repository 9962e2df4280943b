import type { CourseCard } from '@courseport/shared-ui';
import { useWishlistToggle } from '../hooks/useWishlistToggle';

/** The accessible name of a course's heart: what pressing it does. */
export const heartLabel = (title: string, saved: boolean) =>
  saved ? `Remove ${title} from your wishlist` : `Save ${title} to your wishlist`;

/**
 * The wishlist heart of a course (a toggle button): outlined when not saved, filled when saved.
 * Visitors are asked to sign in. `className` places it (over a card's thumbnail, beside the enroll button).
 */
export function WishlistHeart({ course, className }: { course: CourseCard; className?: string }) {
  const { saved, toggle, ready } = useWishlistToggle(course);
  return (
    <button
      type="button"
      className={className ? `sf-heart ${className}` : 'sf-heart'}
      aria-pressed={saved}
      disabled={!ready}
      aria-label={heartLabel(course.courseTitle, saved)}
      data-testid="wishlist-heart"
      onClick={toggle}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
