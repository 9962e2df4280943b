import type { Chapter, EnrolledCourse, LessonResource, StudentQuiz } from '@courseport/shared-ui';
import { lecture, makeEnrolledCourse } from './helpers';

export const COURSE_ID = 'c1';
export const TITLE = 'Complete React Bootcamp';

export const GUIDE_PDF: LessonResource = {
  resourceId: 'r1',
  kind: 'file',
  title: 'Cheat sheet',
  fileName: 'hooks-cheatsheet.pdf',
  size: 2_516_582,
  contentType: 'application/pdf',
};
export const REPO_LINK: LessonResource = {
  resourceId: 'r2',
  kind: 'link',
  title: 'Starter repository',
  url: 'https://github.com/example/starter',
};
export const SOURCE_ZIP: LessonResource = {
  resourceId: 'r3',
  kind: 'file',
  title: 'Source code',
  fileName: 'source.zip',
  size: 48_000,
  contentType: 'application/zip',
};

export const ARTICLE_HTML =
  '<h1>Why hooks</h1><p>Hooks let you use state.<script>alert(1)</script></p><p><a href="https://react.dev">Docs</a><img src=x onerror="alert(2)"></p>';

/**
 * One chapter of every kind: 'Welcome' (video, l1), 'Reading guide' (article, a1, 6 min, two
 * resources), 'Hooks quiz' (quiz, q1, 3 questions), 'Build a todo app' (project, p1, one resource).
 */
export function lessonChapters(): Chapter[] {
  return [
    {
      chapterId: 'ch1',
      chapterTitle: 'Getting Started',
      chapterOrder: 1,
      chapterContent: [
        lecture({ lectureId: 'l1', lectureTitle: 'Welcome', lectureDuration: 20, lectureOrder: 1 }),
        {
          lectureId: 'a1',
          lectureTitle: 'Reading guide',
          lectureDuration: 6,
          isPreviewFree: false,
          lectureOrder: 2,
          lessonKind: 'article',
          articleHtml: ARTICLE_HTML,
          resources: [GUIDE_PDF, REPO_LINK],
        },
        {
          lectureId: 'q1',
          lectureTitle: 'Hooks quiz',
          lectureDuration: 0,
          isPreviewFree: false,
          lectureOrder: 3,
          lessonKind: 'quiz',
          quiz: { questionCount: 3, passPercent: 70, maxAttempts: 3 },
        },
        {
          lectureId: 'p1',
          lectureTitle: 'Build a todo app',
          lectureDuration: 0,
          isPreviewFree: false,
          lectureOrder: 4,
          lessonKind: 'project',
          projectBrief:
            '<p>Build a <strong>todo app</strong> with hooks.</p><iframe src="https://evil.example"></iframe>',
          resources: [SOURCE_ZIP],
        },
      ],
    },
  ];
}

export const lessonsCourse = (overrides: Partial<EnrolledCourse> = {}) =>
  makeEnrolledCourse({ _id: COURSE_ID, courseTitle: TITLE, courseContent: lessonChapters(), ...overrides });

/** The quiz of 'Hooks quiz' as the student gets it: one answer, several answers, a short text. */
export function studentQuiz(overrides: Partial<StudentQuiz> = {}): StudentQuiz {
  return {
    lectureId: 'q1',
    passPercent: 70,
    maxAttempts: 3,
    attemptsUsed: 0,
    attemptsLeft: 3,
    passed: false,
    bestPercent: null,
    questions: [
      {
        questionId: 'qa',
        kind: 'single',
        prompt: 'Which hook holds state?',
        options: [
          { optionId: 'o1', text: 'useState' },
          { optionId: 'o2', text: 'useRef' },
        ],
      },
      {
        questionId: 'qb',
        kind: 'multiple',
        prompt: 'Which are hooks?',
        options: [
          { optionId: 'o3', text: 'useEffect' },
          { optionId: 'o4', text: 'useMemo' },
          { optionId: 'o5', text: 'render' },
        ],
      },
      { questionId: 'qc', kind: 'text', prompt: 'Name the hook for side effects', options: [] },
    ],
    attempts: [],
    ...overrides,
  };
}
