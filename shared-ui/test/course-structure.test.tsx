import type { Chapter } from '@courseport/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CourseStructure, LectureRow } from '../src/components/CourseStructure';

const lecture = (id: string, title: string, minutes: number) => ({
  lectureId: id,
  lectureTitle: title,
  lectureDuration: minutes,
  isPreviewFree: false,
  lectureOrder: 1,
});
const CHAPTERS: Chapter[] = [
  {
    chapterId: 'c1',
    chapterTitle: 'Getting started',
    chapterOrder: 1,
    chapterContent: [lecture('l1', 'Welcome', 5), lecture('l2', 'Setup', 70)],
  },
  { chapterId: 'c2', chapterTitle: 'Going further', chapterOrder: 2, chapterContent: [lecture('l3', 'Deep dive', 30)] },
];

function structure(props: Partial<Parameters<typeof CourseStructure>[0]> = {}, onWatch = vi.fn()) {
  return render(
    <CourseStructure
      chapters={CHAPTERS}
      empty={<p>No chapters yet.</p>}
      renderLecture={(l) => (
        <LectureRow
          key={l.lectureId}
          lecture={l}
          icon={<span>•</span>}
          action={{ text: 'Watch', onClick: () => onWatch(l.lectureId) }}
        />
      )}
      {...props}
    />,
  );
}

describe('the shared course structure', () => {
  it('lists each chapter as a heading button with its lecture count and total duration, closed at first', () => {
    structure();
    expect(screen.getByRole('heading', { name: 'Course Structure' })).toBeInTheDocument();
    const first = screen.getByRole('button', { name: /Getting started/ });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveTextContent('2 lectures');
    expect(first).toHaveTextContent('1h 15m');
    expect(screen.queryByText('Welcome')).not.toBeVisible();
  });

  it('opens the chapter of openLectureId at first and when it moves there; the reader may still close it', async () => {
    const view = structure({ openLectureId: 'l3' });
    const first = () => screen.getByRole('button', { name: /Getting started/ });
    const second = () => screen.getByRole('button', { name: /Going further/ });
    expect(second()).toHaveAttribute('aria-expanded', 'true');
    expect(first()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(second());
    expect(second()).toHaveAttribute('aria-expanded', 'false');

    const rerender = (openLectureId: string) =>
      view.rerender(
        <CourseStructure
          chapters={CHAPTERS}
          empty={null}
          openLectureId={openLectureId}
          renderLecture={(l) => <LectureRow key={l.lectureId} lecture={l} icon={null} action={null} />}
        />,
      );
    rerender('l1');
    expect(first()).toHaveAttribute('aria-expanded', 'true');
    expect(second()).toHaveAttribute('aria-expanded', 'false');
    rerender('l3');
    expect(second()).toHaveAttribute('aria-expanded', 'true');
    expect(first()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens and closes a chapter, and names each lecture action with its lecture', async () => {
    const onWatch = vi.fn();
    structure({}, onWatch);
    const second = screen.getByRole('button', { name: /Going further/ });
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Watch Deep dive' }));
    expect(onWatch).toHaveBeenCalledWith('l3');
    await userEvent.click(second);
    expect(screen.queryByText('Deep dive')).not.toBeVisible();
  });

  it('opens the first chapter when asked (the player), and shows the empty text without chapters', () => {
    const { unmount } = structure({ openFirst: true });
    expect(screen.getByRole('button', { name: /Getting started/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Welcome')).toBeVisible();
    unmount();
    structure({ chapters: [] });
    expect(screen.getByText('No chapters yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
