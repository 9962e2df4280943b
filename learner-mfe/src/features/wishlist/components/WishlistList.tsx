import {
  Button,
  CourseImage,
  discountedPrice,
  Link,
  money,
  plural,
  ReviewStars,
  useCurrency,
  useSession,
  type WishlistItem,
} from '@courseport/shared-ui';
import { useRef } from 'react';
import { ALREADY_ENROLLED_TEXT, playerPath } from '../api/wishlist';
import { useBuyFromWishlist, useRemoveFromWishlist } from '../hooks/useWishlist';

const coursePath = (courseId: string) => `/course/${encodeURIComponent(courseId)}`;

/** `.ln-wishlist-thumb` (wishlist.css): 160px wide, 96px on phones (below 576px). */
const THUMB_SIZES = '(max-width: 575px) 96px, 160px';

/** 'Price dropped from Rs 499.00 to Rs 399.00'. */
export const priceDropText = (currency: string, drop: { from: number; to: number }) =>
  `Price dropped from ${money(currency, drop.from)} to ${money(currency, drop.to)}`;

function SavedCourse({
  item,
  currency,
  enrolled,
  removing,
  buying,
  busy,
  onRemove,
  onBuy,
}: {
  item: WishlistItem;
  currency: string;
  /** The signed-in user owns it: the player instead of a checkout. */
  enrolled: boolean;
  removing: boolean;
  /** This course's checkout is starting. */
  buying: boolean;
  /** Some checkout is starting: one at a time. */
  busy: boolean;
  onRemove: () => void;
  onBuy: () => void;
}) {
  const { course, priceDrop } = item;
  const price = discountedPrice(course.coursePrice, course.discount);
  return (
    <li className="ln-wishlist-item">
      <CourseImage className="ln-wishlist-thumb" course={course} sizes={THUMB_SIZES} />
      <div className="ln-wishlist-info">
        <Link to={coursePath(course._id)} className="ln-wishlist-title cp-clamped-title">
          {course.courseTitle}
        </Link>
        <span className="ln-muted">{course.educator?.name || 'Unknown Educator'}</span>
        <span className="ln-wishlist-rating">
          <ReviewStars rating={course.averageRating} />
          <span className="ln-muted">{`(${plural(course.ratingCount, 'rating')})`}</span>
        </span>
        <span className="ln-wishlist-price">
          <span className="ln-wishlist-current">{money(currency, price)}</span>
          {course.discount > 0 && (
            <s className="ln-muted">
              <span className="cp-visually-hidden">Original price </span>
              {money(currency, course.coursePrice)}
            </s>
          )}
        </span>
        {priceDrop && <span className="ln-price-drop">{priceDropText(currency, priceDrop)}</span>}
      </div>
      <div className="ln-wishlist-actions">
        {enrolled ? (
          <>
            <span className="ln-wishlist-owned">{ALREADY_ENROLLED_TEXT}</span>
            <Link
              to={playerPath(course._id)}
              className="ln-link-button ln-link-button-primary"
              aria-label={`Go to course: ${course.courseTitle}`}
            >
              Go to course
            </Link>
          </>
        ) : (
          <Button
            type="primary"
            loading={buying}
            disabled={busy}
            aria-label={`Enroll Now in ${course.courseTitle}`}
            onClick={onBuy}
          >
            Enroll Now
          </Button>
        )}
        <Button
          loading={removing}
          disabled={removing}
          aria-label={`Remove ${course.courseTitle} from your wishlist`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The saved courses, in the order given (newest saved first), each with Enroll Now and Remove. */
export function WishlistList({ items }: { items: WishlistItem[] }) {
  const currency = useCurrency();
  const owned = useSession((s) => s.user?.enrolledCourses);
  const { buying, buy } = useBuyFromWishlist();
  const list = useRef<HTMLUListElement>(null);
  // The removed course's button is gone: keyboard users land on the list, not on the page's start.
  const remove = useRemoveFromWishlist(() => list.current?.focus());
  return (
    <ul ref={list} className="ln-wishlist" aria-label="Saved courses" tabIndex={-1}>
      {items.map((item) => (
        <SavedCourse
          key={item.course._id}
          item={item}
          currency={currency}
          enrolled={owned?.includes(item.course._id) ?? false}
          removing={remove.isPending && remove.variables === item.course._id}
          buying={buying === item.course._id}
          busy={buying !== null}
          onRemove={() => {
            if (!remove.isPending) remove.mutate(item.course._id);
          }}
          onBuy={() => buy(item.course._id)}
        />
      ))}
    </ul>
  );
}
