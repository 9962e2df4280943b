import { Button, type CourseDetails, discountedPrice, formatDuration, plural } from '@courseport/shared-ui';
import type { ReactNode, Ref } from 'react';
import { rupees } from '../../../components/Price';
import { WishlistHeart } from '../../../components/WishlistHeart';
import { useCoupon } from '../hooks/useCoupon';
import { useEnroll } from '../hooks/useEnroll';
import { CouponEntry } from './CouponEntry';
import { CourseMedia } from './CourseMedia';
import { CaptionsLine, IncludesLine, type PreviewChoice } from './CourseStructure';
import { rupeesFromPaise } from './couponPrice';

export const INCLUDED = [
  'Lifetime access with free updates.',
  'Step-by-step, hands-on project guidance.',
  'Downloadable resources and source code.',
  'Quizzes to test your knowledge.',
  'Certificate of completion.',
];

const icon = (path: ReactNode) => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="sf-stat-icon">
    {path}
  </svg>
);

const STAR = icon(
  <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" fill="currentColor" />,
);
const CLOCK = icon(
  <>
    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </>,
);
const BOOK = icon(
  <path
    d="M4 5.5A2.5 2.5 0 016.5 3H20v15H6.5A2.5 2.5 0 004 20.5v-15zM4 20.5A2.5 2.5 0 016.5 18H20v3H6.5A2.5 2.5 0 014 20.5z"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinejoin="round"
  />,
);

export interface PurchaseCardProps {
  course: CourseDetails;
  minutes: number;
  lectures: number;
  preview: PreviewChoice | null;
  onClosePreview: () => void;
  mediaRef: Ref<HTMLDivElement>;
}

/**
 * The media, price, enroll button and what the course includes. 'Have a coupon?' under the price
 * shows the server's price for a code; Enroll Now then starts the checkout with that code, so the
 * checkout charges the price shown.
 */
export function PurchaseCard({ course, minutes, lectures, preview, onClosePreview, mediaRef }: PurchaseCardProps) {
  const coupon = useCoupon(course._id);
  const applied = coupon.applied;
  const { enrolled, busy, enroll } = useEnroll(course._id, applied?.code, coupon.refuse);
  const discount = course.discount;
  const price = discountedPrice(course.coursePrice, discount);

  return (
    <aside className="sf-purchase" aria-label="Enroll in this course">
      <CourseMedia ref={mediaRef} course={course} preview={preview} onClose={onClosePreview} />
      <div className="sf-purchase-body">
        <p className="sf-deadline">
          {CLOCK}
          <span>5 days at this price!</span>
        </p>
        {applied ? (
          <div className="sf-purchase-price">
            <span className="sf-purchase-current">
              <span className="cp-visually-hidden">Price with the coupon </span>
              {rupeesFromPaise(applied.amount)}
            </span>
            <s className="sf-purchase-original">
              <span className="cp-visually-hidden">Price without the coupon </span>
              {rupeesFromPaise(applied.originalAmount)}
            </s>
          </div>
        ) : (
          <div className="sf-purchase-price">
            <span className="sf-purchase-current">{rupees(price)}</span>
            {discount > 0 && (
              <>
                <s className="sf-purchase-original">{rupees(course.coursePrice)}</s>
                <span className="sf-discount-badge">{`${discount}% OFF`}</span>
              </>
            )}
          </div>
        )}
        {!enrolled && price > 0 && <CouponEntry coupon={coupon} />}
        <ul className="sf-purchase-stats">
          <li>
            {STAR}
            {/* Labelled as the header says it (#30: a bare '4' beside the reviews' '4.2'). */}
            <span>{`${course.averageRating} out of 5`}</span>
          </li>
          <li>
            {CLOCK}
            <span>{formatDuration(minutes)}</span>
          </li>
          <li>
            {BOOK}
            <span>{plural(lectures, 'lecture')}</span>
          </li>
        </ul>
        <div className="sf-enroll-row">
          <Button
            type="primary"
            size="large"
            block
            className="sf-enroll"
            loading={busy}
            disabled={busy}
            onClick={() => void enroll()}
          >
            {enrolled ? 'Already Enrolled' : 'Enroll Now'}
          </Button>
          {!enrolled && <WishlistHeart course={course} className="sf-heart-beside" />}
        </div>
        <h3 className="sf-included-title">What&apos;s in the course?</h3>
        <IncludesLine chapters={course.courseContent ?? []} className="sf-includes sf-includes-card" />
        <CaptionsLine chapters={course.courseContent ?? []} className="sf-includes sf-includes-card" />
        <ul className="sf-included">
          {INCLUDED.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
