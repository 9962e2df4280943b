import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../src/lib/navigate';
import {
  apiPost,
  around,
  ENROLLED_PATH,
  enrolledAnswer,
  findToast,
  getCalls,
  link,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  postBodies,
  progressAnswer,
  renderAt,
  SAVE_POSITION_PATH,
  serverError,
  signIn,
  UPDATE_PROGRESS_PATH,
  user,
} from './helpers';
import { COURSE_ID, GUIDE_PDF, lessonsCourse, studentQuiz, TITLE } from './lessons-fixtures';

vi.mock('../src/lib/navigate', () => ({ navigateTo: vi.fn() }));

const LINK_PATH = `/api/courses/${COURSE_ID}/resources/r1/link`;
const QUIZ_PATH = `/api/user/courses/${COURSE_ID}/quizzes/q1`;
const SUBMISSION_PATH = `/api/user/courses/${COURSE_ID}/projects/p1/submission`;

beforeEach(() => {
  vi.mocked(navigateTo).mockReset();
  signIn({}, [COURSE_ID]);
});

function answerWith(completed: string[] | null = null, extra: Record<string, () => unknown> = {}) {
  const state = { completed };
  mockGet({
    [ENROLLED_PATH]: () => enrolledAnswer([lessonsCourse()]),
    [QUIZ_PATH]: () => ({ success: true, quiz: studentQuiz() }),
    [SUBMISSION_PATH]: () => ({ success: true, submission: null }),
    ...extra,
  });
  mockPost({
    [PROGRESS_PATH]: () => progressAnswer(COURSE_ID, state.completed),
    [UPDATE_PROGRESS_PATH]: (body) => {
      state.completed = [...(state.completed ?? []), (body as { lectureId: string }).lectureId];
      return { success: true, message: 'Lecture marked as completed' };
    },
    [SAVE_POSITION_PATH]: () => ({ success: true }),
  });
  return state;
}

/** The button named `name` (its text, or its aria-label). */
const named = (name: string) => screen.getByRole('button', { name });
const structure = () => around('Course Structure', 'section');
const lessonRow = (title: string) => around(title, 'li', structure());
const player = () => screen.getByRole('region', { name: 'Lecture player' });

async function openLesson(title: string) {
  await user.click(named(`Open ${title}`));
  await waitFor(() => expect(player()).toHaveTextContent(title));
}

describe('Player: lessons of every kind', () => {
  it("shows each lesson's kind in words under its title, with its completion and Watch or Open", async () => {
    answerWith(['l1']);
    renderAt(`/player/${COURSE_ID}`);
    await screen.findByText('Course Structure');
    expect(lessonRow('Welcome')).toHaveTextContent('Video');
    expect(within(lessonRow('Welcome')).getByRole('img', { name: 'Completed' })).toBeInTheDocument();
    expect(lessonRow('Reading guide')).toHaveTextContent('Article · 6 min read');
    expect(lessonRow('Hooks quiz')).toHaveTextContent('Quiz · 3 questions');
    expect(lessonRow('Build a todo app')).toHaveTextContent('Project');
    for (const title of ['Reading guide', 'Hooks quiz', 'Build a todo app']) {
      expect(within(lessonRow(title)).getByRole('img', { name: 'Not completed' })).toBeInTheDocument();
      expect(named(`Open ${title}`)).toBeInTheDocument();
    }
    expect(named('Watch Welcome')).toBeInTheDocument();
  });

  it('counts every lesson in the progress, not only the videos', async () => {
    answerWith(['l1', 'q1']);
    renderAt(`/player/${COURSE_ID}`);
    await screen.findByText('Course Structure');
    expect(screen.getByText('2 of 4 lectures completed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('renders an article sanitized, with its reading time, and Mark Complete completes it', async () => {
    answerWith();
    renderAt(`/player/${COURSE_ID}`);
    await screen.findByText('Course Structure');
    await openLesson('Reading guide');
    const article = within(player()).getByRole('article', { name: 'Reading guide' });
    expect(article).toHaveTextContent('6 min read');
    expect(article).toHaveTextContent('Hooks let you use state.');
    // Sanitized again: no script, no event handler; the heading under the page's own; links open apart.
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('[onerror]')).toBeNull();
    expect(within(article).getByRole('heading', { level: 2, name: 'Why hooks' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Docs' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // Opening it saved it as where to continue.
    await waitFor(() =>
      expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: COURSE_ID, lectureId: 'a1', seconds: 0 }]),
    );
    await user.click(named('Mark Complete: Reading guide'));
    await findToast('Lecture marked as completed', 'success');
    expect(postBodies(UPDATE_PROGRESS_PATH)).toEqual([{ courseId: COURSE_ID, lectureId: 'a1' }]);
    expect(await screen.findByRole('button', { name: 'Completed: Reading guide' })).toBeDisabled();
    expect(screen.getByText('1 of 4 lectures completed')).toBeInTheDocument();
  });

  it('has no Mark Complete for a quiz or a project: a line says how each completes', async () => {
    answerWith();
    renderAt(`/player/${COURSE_ID}`);
    await screen.findByText('Course Structure');
    await openLesson('Hooks quiz');
    expect(within(player()).queryByRole('button', { name: /Mark Complete/ })).not.toBeInTheDocument();
    expect(player()).toHaveTextContent('This lesson is completed when you pass the quiz.');
    await openLesson('Build a todo app');
    expect(within(player()).queryByRole('button', { name: /Mark Complete/ })).not.toBeInTheDocument();
    expect(player()).toHaveTextContent('This lesson is completed when your project is accepted.');
  });

  it('steps with Previous/Next through every lesson, whatever its kind', async () => {
    answerWith();
    renderAt(`/player/${COURSE_ID}?lecture=a1`);
    await screen.findByText('Course Structure');
    expect(player()).toHaveTextContent('Reading guide');
    await user.click(named('Next lecture: Hooks quiz'));
    expect(player()).toHaveTextContent('Hooks quiz');
    await user.click(named('Previous lecture: Reading guide'));
    await user.click(named('Previous lecture: Welcome'));
    expect(player()).toHaveTextContent('Welcome');
  });
});

describe('Player: resources', () => {
  it("lists a lesson's files (name, size, type) and links (a new tab, noopener) under it", async () => {
    answerWith();
    renderAt(`/player/${COURSE_ID}?lecture=a1`);
    await screen.findByText('Course Structure');
    const section = within(player()).getByRole('region', { name: 'Lesson resources' });
    const file = around('Cheat sheet', 'li', section);
    expect(file).toHaveTextContent('hooks-cheatsheet.pdf · 2.4 MB · PDF');
    const repo = within(section).getByRole('link', { name: 'Starter repository (opens in a new tab)' });
    expect(repo).toHaveAttribute('href', 'https://github.com/example/starter');
    expect(repo).toHaveAttribute('target', '_blank');
    expect(repo.getAttribute('rel')).toContain('noopener');
  });

  it('Download asks for a signed link and goes there; a refusal is said', async () => {
    const answers = [
      () => ({
        success: true,
        link: { url: 'https://api.example/api/resources/r1/download?e=1&s=abc', expiresAt: '' },
      }),
      () => {
        throw serverError('Too many downloads, try again in a minute', 429);
      },
    ];
    let call = 0;
    answerWith(null, { [LINK_PATH]: () => answers[call++]?.() });
    renderAt(`/player/${COURSE_ID}?lecture=a1`);
    await screen.findByText('Course Structure');
    const section = within(player()).getByRole('region', { name: 'Lesson resources' });
    await user.click(within(section).getByRole('button', { name: `Download ${GUIDE_PDF.title}` }));
    await waitFor(() =>
      expect(navigateTo).toHaveBeenCalledWith('https://api.example/api/resources/r1/download?e=1&s=abc'),
    );
    expect(getCalls(LINK_PATH)).toBe(1);
    await user.click(within(section).getByRole('button', { name: `Download ${GUIDE_PDF.title}` }));
    await findToast('Too many downloads, try again in a minute', 'error');
    expect(navigateTo).toHaveBeenCalledOnce();
  });

  it("lists every lesson's resources course-wide, grouped by lesson", async () => {
    answerWith();
    renderAt(`/player/${COURSE_ID}`);
    await screen.findByText('Course Structure');
    const all = screen.getByRole('region', { name: 'Resources' });
    const groups = within(all)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual(['Reading guide', 'Build a todo app']);
    expect(within(all).getByRole('button', { name: 'Download Cheat sheet' })).toBeInTheDocument();
    expect(within(all).getByRole('button', { name: 'Download Source code' })).toBeInTheDocument();
    expect(within(all).getByRole('link', { name: /Starter repository/ })).toBeInTheDocument();
  });
});

describe('Player: preview as student', () => {
  const COURSE_PATH = `/api/course/${COURSE_ID}`;
  const owned = () => {
    const { myRating: _, ...details } = lessonsCourse({ educator: { _id: 'edu1', name: 'Jane Educator' } });
    return details;
  };

  it("shows the course's owner every lesson under a banner, and saves nothing", async () => {
    signIn({
      roles: ['educator'],
      user: {
        _id: 'edu1',
        email: 'jane@example.com',
        name: 'Jane',
        imageUrl: '',
        roles: ['educator'],
        enrolledCourses: [],
      },
    });
    mockGet({
      [COURSE_PATH]: () => ({ success: true, courseData: owned() }),
      [QUIZ_PATH]: () => ({ success: true, quiz: studentQuiz() }),
    });
    renderAt(`/player/${COURSE_ID}?preview=1`);
    expect(await screen.findByRole('note')).toHaveTextContent('Preview as student');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(TITLE);
    await openLesson('Reading guide');
    expect(within(player()).getByRole('article', { name: 'Reading guide' })).toHaveTextContent(
      'Hooks let you use state.',
    );
    expect(within(player()).queryByRole('button', { name: /Mark Complete/ })).not.toBeInTheDocument();
    await openLesson('Hooks quiz');
    expect(await screen.findByRole('group', { name: '1. Which hook holds state?' })).toBeInTheDocument();
    expect(named('Submit answers')).toBeDisabled();
    await openLesson('Build a todo app');
    expect(player()).toHaveTextContent('Build a todo app with hooks.');
    expect(named('Submit project')).toBeDisabled();
    // No rating, no review, no progress, no position.
    expect(screen.queryByText('Rate this Course:')).not.toBeInTheDocument();
    expect(apiPost).not.toHaveBeenCalled();
    expect(getCalls(SUBMISSION_PATH)).toBe(0);
  });

  it('is not a way in for anyone else: a student not enrolled is told so', async () => {
    signIn({}, []);
    mockGet({
      [ENROLLED_PATH]: () => enrolledAnswer([]),
      [COURSE_PATH]: () => ({ success: true, courseData: owned() }),
    });
    mockPost({ [PROGRESS_PATH]: () => progressAnswer(COURSE_ID, null) });
    renderAt(`/player/${COURSE_ID}?preview=1`);
    expect(await screen.findByText('You are not enrolled in this course')).toBeInTheDocument();
    expect(screen.queryByText('Preview as student')).not.toBeInTheDocument();
  });

  it('an enrolled student asking for a preview gets the ordinary player', async () => {
    answerWith(null, { [COURSE_PATH]: () => ({ success: true, courseData: owned() }) });
    renderAt(`/player/${COURSE_ID}?preview=1`);
    await screen.findByText('Course Structure');
    expect(screen.queryByText('Preview as student')).not.toBeInTheDocument();
    expect(link('My Enrollments')).toBeInTheDocument();
  });
});
