import type { AdminReview } from '@courseport/shared-ui';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { HideWithReasonModal } from '../../../components/HideWithReasonModal';

interface HideReviewModalProps {
  /** The review being hidden; the modal is open while it is set. */
  review: AdminReview | null;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

/** Asks why a review is hidden. */
export function HideReviewModal({ review, ...rest }: HideReviewModalProps) {
  return (
    <HideWithReasonModal open={review !== null} what="review" {...rest}>
      {review && (
        <Typography.Paragraph>
          Hide <strong>{review.reviewer.name}</strong>'s review of <strong>{review.course.courseTitle}</strong>? It
          leaves the course page and the course's rating; the student sees why.
        </Typography.Paragraph>
      )}
    </HideWithReasonModal>
  );
}
