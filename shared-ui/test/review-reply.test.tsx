import { formatDate } from '@courseport/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewReplyBlock, wasEdited } from '../src/components/ReviewReply';

describe('ReviewReplyBlock', () => {
  it('names the educator, dates the reply and shows its text as plain text, line breaks kept', () => {
    const text = 'Thanks!\n<b>Glad</b> it helped.';
    const { container } = render(
      <ReviewReplyBlock reply={{ text, educatorName: 'Jane Educator', repliedAt: '2026-03-02T10:00:00.000Z' }} />,
    );
    expect(screen.getByText('Response from Jane Educator')).toBeInTheDocument();
    const date = container.querySelector('time');
    expect(date).toHaveAttribute('dateTime', '2026-03-02T10:00:00.000Z');
    expect(date).toHaveTextContent(formatDate('2026-03-02T10:00:00.000Z'));
    const body = container.querySelector('.cp-review-text');
    // Text, never markup.
    expect(body?.textContent).toBe(text);
    expect(container.querySelector('b')).toBeNull();
  });
});

describe('wasEdited', () => {
  it('is true only when the review changed after it was written', () => {
    expect(wasEdited({ createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' })).toBe(false);
    expect(wasEdited({ createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-03T10:00:00.000Z' })).toBe(true);
  });
});
