import type { QuizStats } from '@courseport/shared-ui';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  button,
  currentPath,
  DASHBOARD_PATH,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  getCalls,
  makeDashboard,
  mockGet,
  pendingGet,
  renderPortal,
  serverError,
  signInAsEducator,
  user,
} from './helpers';
import { serverData } from './server-data';

const STATS_PATH = '/api/educator/quiz-stats';
const WAITING_PATH = '/api/educator/project-submissions/count';

const stats = (overrides: Partial<QuizStats> & Pick<QuizStats, 'lectureId' | 'lectureTitle'>): QuizStats => ({
  courseId: 'c-react',
  courseTitle: 'Complete React Bootcamp',
  attempts: 0,
  students: 0,
  averagePercent: null,
  passRate: null,
  mostMissed: null,
  ...overrides,
});

const HOOKS_QUIZ = stats({
  lectureId: 'q-hooks',
  lectureTitle: 'Hooks quiz',
  attempts: 7,
  students: 4,
  averagePercent: 68,
  passRate: 75,
  mostMissed: { questionId: 'q1', prompt: 'When does useEffect run?', missed: 5 },
});
const NEW_QUIZ = stats({ lectureId: 'q-new', lectureTitle: 'Routing quiz' });

beforeEach(() => {
  signInAsEducator();
});

describe('Quiz results', () => {
  it("shows 'Loading quiz results...' until they arrive, then each quiz's figures", async () => {
    const pending = pendingGet(STATS_PATH);
    renderPortal('/educator/quiz-results');
    expect(screen.getByRole('heading', { level: 1, name: 'Quiz results' })).toBeInTheDocument();
    await expectLoadingUntil(
      pending,
      'Loading quiz results...',
      { success: true, quizzes: [HOOKS_QUIZ, NEW_QUIZ] },
      'Hooks quiz',
    );
    const hooks = screen.getByRole('heading', { level: 2, name: 'Hooks quiz' }).closest('li') as HTMLElement;
    expect(hooks).toHaveTextContent('Complete React Bootcamp');
    const figure = (term: string) => within(hooks).getByText(term).nextElementSibling?.textContent;
    expect(figure('Attempts')).toBe('7');
    expect(figure('Students')).toBe('4');
    expect(figure('Average score')).toBe('68%');
    expect(figure('Pass rate')).toBe('75%');
    expect(figure('Most missed question')).toBe('When does useEffect run? (missed 5 times)');
    // A quiz nobody took yet says so.
    const fresh = screen.getByRole('heading', { level: 2, name: 'Routing quiz' }).closest('li') as HTMLElement;
    expect(fresh).toHaveTextContent('No attempt yet.');
    expect(screen.queryByText('No student has attempted your quizzes yet.')).not.toBeInTheDocument();
  });

  it("shows 'Error Loading Quiz Results' with the server's message, and 'Try Again' loads them", async () => {
    const failing = failingGet(STATS_PATH, serverError('Quiz results are not available', 503), () => ({
      success: true,
      quizzes: [HOOKS_QUIZ],
    }));
    renderPortal('/educator/quiz-results');
    await expectRetryRecovers(failing, 'Error Loading Quiz Results', 'Try Again', 'Hooks quiz');
  });

  it('says when there is no quiz, and when no quiz has an attempt', async () => {
    mockGet({ [STATS_PATH]: () => ({ success: true, quizzes: [] }) });
    const first = renderPortal('/educator/quiz-results');
    expect(await screen.findByText('No quizzes yet')).toBeInTheDocument();
    first.unmount();

    mockGet({ [STATS_PATH]: () => ({ success: true, quizzes: [NEW_QUIZ] }) });
    renderPortal('/educator/quiz-results');
    expect(await screen.findByText('No student has attempted your quizzes yet.')).toBeInTheDocument();
  });
});

describe('Quiz results: the first screen (#34)', () => {
  it("comes with the server's data and asks for nothing more (no antd)", async () => {
    mockGet({ [STATS_PATH]: () => ({ success: true, quizzes: [HOOKS_QUIZ, NEW_QUIZ] }) });
    const client = await serverData('quiz-results');
    renderPortal('/educator/quiz-results', client);
    expect(screen.getByRole('heading', { level: 2, name: 'Hooks quiz' })).toBeInTheDocument();
    expect(screen.queryByText('Loading quiz results...')).toBeNull();
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
    expect(getCalls(STATS_PATH)).toBe(1);
  });
});

describe('Dashboard: submissions waiting for review', () => {
  it('shows how many wait, linking to the submissions page', async () => {
    mockGet({
      [DASHBOARD_PATH]: () => ({ success: true, dashboardData: makeDashboard() }),
      [WAITING_PATH]: () => ({ success: true, pending: 3 }),
      '/api/educator/project-submissions?status=submitted&offset=0&limit=10': () => ({
        success: true,
        submissions: [],
        total: 0,
      }),
    });
    renderPortal('/educator');
    expect(await screen.findByText('3 submissions waiting for review')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Review project submissions' }));
    expect(currentPath()).toBe('/educator/submissions');
    expect(await screen.findByText('No project is waiting for your review.')).toBeInTheDocument();
  });

  it('says when none waits, and offers to count again after a failure', async () => {
    let fail = true;
    mockGet({
      [DASHBOARD_PATH]: () => ({ success: true, dashboardData: makeDashboard() }),
      [WAITING_PATH]: () => {
        if (fail) throw serverError('Counting failed', 500);
        return { success: true, pending: 0 };
      },
    });
    renderPortal('/educator');
    expect(await screen.findByText('Counting failed')).toBeInTheDocument();
    fail = false;
    await user.click(button('Count again'));
    expect(await screen.findByText('No submission waiting for review')).toBeInTheDocument();
  });
});
