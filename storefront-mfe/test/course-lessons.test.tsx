import type { Chapter } from '@courseport/shared-ui';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { CourseStructure } from '../src/features/course/components/CourseStructure';
import { INCLUDED } from '../src/features/course/components/PurchaseCard';
import { makeDetails, mockGet, renderAt, signOut, user } from './helpers';

const COURSE_PATH = '/api/course/c1';
const INCLUDES = '2 videos · 1 article · 1 quiz · 3 resources · 1 project';

/** A chapter of every kind, as the public course answers it (no article text, no brief, no link url). */
function lessonChapters(): Chapter[] {
  return [
    {
      chapterId: 'ch1',
      chapterTitle: 'Getting Started',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'l1',
          lectureTitle: 'Welcome',
          lectureDuration: 20,
          lectureUrl: 'https://youtu.be/intro123',
          isPreviewFree: true,
          lectureOrder: 1,
        },
        {
          lectureId: 'l2',
          lectureTitle: 'Setting up',
          lectureDuration: 45,
          isPreviewFree: false,
          lectureOrder: 2,
          lessonKind: 'video',
          resources: [{ resourceId: 'r1', kind: 'file', title: 'Setup guide', fileName: 'setup.pdf', size: 1000 }],
        },
        {
          lectureId: 'a1',
          lectureTitle: 'Reading guide',
          lectureDuration: 6,
          isPreviewFree: false,
          lectureOrder: 3,
          lessonKind: 'article',
          resources: [{ resourceId: 'r2', kind: 'link', title: 'Starter repository' }],
        },
        {
          lectureId: 'q1',
          lectureTitle: 'Hooks quiz',
          lectureDuration: 0,
          isPreviewFree: false,
          lectureOrder: 4,
          lessonKind: 'quiz',
          quiz: { questionCount: 5, passPercent: 70, maxAttempts: 3 },
        },
        {
          lectureId: 'p1',
          lectureTitle: 'Build a todo app',
          lectureDuration: 0,
          isPreviewFree: false,
          lectureOrder: 5,
          lessonKind: 'project',
          resources: [{ resourceId: 'r3', kind: 'file', title: 'Source code', fileName: 'source.zip', size: 2000 }],
        },
      ],
    },
  ];
}

beforeEach(() => {
  signOut();
});

async function openCourse(courseContent: Chapter[]) {
  mockGet({ [COURSE_PATH]: () => ({ success: true, courseData: makeDetails({ courseContent }) }) });
  renderAt('/course/c1');
  await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
}

const structure = () => screen.getByRole('region', { name: 'Course Structure' });
const purchaseCard = () => screen.getByRole('complementary', { name: 'Enroll in this course' });
const row = (title: string) => within(structure()).getByText(title).closest('li') as HTMLElement;

describe('Course page: lessons of every kind', () => {
  it("shows each lesson's kind in words (with its icon) and Preview only on a free video", async () => {
    await openCourse(lessonChapters());
    await user.click(screen.getByRole('button', { name: /Getting Started/ }));
    expect(row('Welcome')).toHaveTextContent('Video');
    expect(row('Welcome')).toHaveTextContent('20m');
    expect(row('Reading guide')).toHaveTextContent('Article · 6 min read');
    expect(row('Hooks quiz')).toHaveTextContent('Quiz · 5 questions');
    expect(row('Build a todo app')).toHaveTextContent('Project');
    for (const title of ['Welcome', 'Reading guide', 'Hooks quiz', 'Build a todo app']) {
      expect(row(title).querySelector('svg.cp-lecture-icon')).toHaveAttribute('aria-hidden', 'true');
    }
    expect(
      within(structure())
        .getAllByRole('button', { name: /^Preview / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Preview Welcome']);
  });

  it('says what the course includes under the structure heading and in the purchase card; the bullets stay', async () => {
    await openCourse(lessonChapters());
    expect(structure()).toHaveTextContent(`This course includes ${INCLUDES}`);
    expect(purchaseCard()).toHaveTextContent(`This course includes ${INCLUDES}`);
    const bullets = within(purchaseCard())
      .getAllByRole('listitem')
      .map((item) => item.textContent)
      .filter((text) => INCLUDED.includes(text ?? ''));
    expect(bullets).toEqual(INCLUDED);
    expect(INCLUDED).toEqual([
      'Lifetime access with free updates.',
      'Step-by-step, hands-on project guidance.',
      'Downloadable resources and source code.',
      'Quizzes to test your knowledge.',
      'Certificate of completion.',
    ]);
  });

  it('counts the lectures of an older course (no kinds) as videos', async () => {
    await openCourse(makeDetails().courseContent);
    expect(structure()).toHaveTextContent('This course includes 5 videos');
  });

  it('says nothing about what a course without lessons includes', async () => {
    await openCourse([]);
    expect(screen.queryByText('This course includes')).not.toBeInTheDocument();
    expect(screen.getByText('The educator has not added any chapters yet.')).toBeInTheDocument();
  });
});

describe("Course page: the server's render", () => {
  it("has each lesson's kind and what the course includes in the HTML", () => {
    const html = renderToString(<CourseStructure chapters={lessonChapters()} onPreview={() => {}} />);
    expect(html).toContain('Article · 6 min read');
    expect(html).toContain('Quiz · 5 questions');
    expect(html).toContain('>Project<');
    expect(html).toContain(INCLUDES);
  });
});
