import type { AdminDiscussionPost } from '@courseport/contracts';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { HideWithReasonModal } from '../../../components/HideWithReasonModal';

interface HidePostModalProps {
  /** The question or answer being hidden; the dialog is open while it is set. */
  post: AdminDiscussionPost | null;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

/** Asks why a question or an answer is hidden. */
export function HidePostModal({ post, ...rest }: HidePostModalProps) {
  const what = post?.kind === 'answer' ? 'answer' : 'question';
  return (
    <HideWithReasonModal open={post !== null} what={what} {...rest}>
      {post && (
        <Typography.Paragraph>
          Hide <strong>{post.author.name}</strong>'s {what}
          {post.kind === 'answer' ? ' to ' : ' '}
          <strong>{post.questionTitle}</strong> in <strong>{post.course.courseTitle}</strong>? Students no longer see
          it; its author sees why.
        </Typography.Paragraph>
      )}
    </HideWithReasonModal>
  );
}
