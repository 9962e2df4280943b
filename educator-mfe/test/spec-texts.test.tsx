import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import {
  apiSend,
  button,
  COURSES_PATH,
  DASHBOARD_PATH,
  deferred,
  findDialog,
  holdSpecTexts,
  makeCourse,
  makeDashboard,
  mockGet,
  networkError,
  pendingGet,
  renderPortal,
  STUDENTS_PATH,
  serverError,
  setSession,
  signInAsEducator,
  user,
} from './helpers';

// The educator portal's texts of the spec, each in its state (#30; the list: shared-ui/test/spec-texts.ts).

// ProseMirror needs layout jsdom lacks for typing: a textarea with the same props (see add-course.test.tsx).
vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  signInAsEducator();
});

const fails = (error: Error) => () => {
  throw error;
};
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const THUMBNAIL = new File(['png-bytes'], 'thumb.png', { type: 'image/png' });

async function openAddCourse() {
  mockGet({ '/api/categories': () => ({ success: true, categories: [] }) });
  renderPortal('/educator/add-course');
  await screen.findByLabelText('Course Description');
}

async function fillCourse({ thumbnail }: { thumbnail: boolean }) {
  await user.type(field('Course Title'), 'Complete React Bootcamp');
  await user.clear(field('Course Price'));
  await user.type(field('Course Price'), '499');
  await user.clear(field('Discount %'));
  await user.type(field('Discount %'), '10');
  if (thumbnail) await user.upload(field('Course Thumbnail'), THUMBNAIL);
}

async function addChapter(name: string) {
  await user.click(button('+ Add Chapter'));
  const dialog = await findDialog('Enter Chapter Name:');
  await user.type(within(dialog).getByLabelText('Enter Chapter Name:'), `${name}{Enter}`);
}

async function addLecture(title: string, free: boolean) {
  await user.click(button('+ Add Lecture'));
  const dialog = await findDialog('Add Lecture');
  await user.type(within(dialog).getByLabelText('Lecture Title'), title);
  await user.type(within(dialog).getByLabelText('Duration (minutes)'), '10');
  await user.type(within(dialog).getByLabelText('Lecture URL'), 'https://youtu.be/abcdefghijk');
  if (free) await user.click(within(dialog).getByLabelText('Is Preview Free?'));
  await user.click(button('Add', dialog));
}

async function submitWhileSending() {
  apiSend.mockReturnValue(deferred<never>().promise);
  await openAddCourse();
  await fillCourse({ thumbnail: true });
  await user.click(button('ADD'));
  return button('Adding Course...');
}

holdSpecTexts('educator', {
  layout: async () => {
    mockGet({ [DASHBOARD_PATH]: () => ({ success: true, dashboardData: makeDashboard() }) });
    renderPortal('/educator');
  },
  'layout-no-user': async () => {
    setSession({ status: 'signed-out', identity: null, user: null, roles: [] });
    renderPortal('/educator');
  },
  'dashboard-loading': async () => {
    pendingGet(DASHBOARD_PATH);
    renderPortal('/educator');
  },
  'dashboard-error': async () => {
    mockGet({ [DASHBOARD_PATH]: fails(serverError('Educator access required', 403)) });
    renderPortal('/educator');
  },
  'dashboard-network-error': async () => {
    mockGet({ [DASHBOARD_PATH]: fails(networkError()) });
    renderPortal('/educator');
  },
  'dashboard-empty': async () => {
    const empty = makeDashboard({ totalCourses: 0, totalEarnings: 0, enrolledStudentsData: [] });
    mockGet({ [DASHBOARD_PATH]: () => ({ success: true, dashboardData: empty }) });
    renderPortal('/educator');
  },
  'dashboard-data': async () => {
    mockGet({ [DASHBOARD_PATH]: () => ({ success: true, dashboardData: makeDashboard() }) });
    renderPortal('/educator');
  },
  'dashboard-search-no-match': async () => {
    mockGet({ [DASHBOARD_PATH]: () => ({ success: true, dashboardData: makeDashboard() }) });
    renderPortal('/educator');
    await user.type(await screen.findByPlaceholderText('Search students or courses...'), 'zzz');
  },
  'dashboard-no-enrollments': async () => {
    mockGet({
      [DASHBOARD_PATH]: () => ({ success: true, dashboardData: makeDashboard({ enrolledStudentsData: [] }) }),
    });
    renderPortal('/educator');
  },
  'add-chapter-prompt': async () => {
    await openAddCourse();
    await user.click(button('+ Add Chapter'));
  },
  'add-lecture': async () => {
    await openAddCourse();
    await addChapter('Getting started');
    await user.click(await screen.findByText('+ Add Lecture'));
  },
  'lecture-lines': async () => {
    await openAddCourse();
    await addChapter('Getting started');
    await addLecture('Welcome', true);
    await addLecture('Setup', false);
  },
  'add-course-submitting': async () => {
    await submitWhileSending();
  },
  'add-course-twice': async () => {
    const submit = await submitWhileSending();
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
  },
  'add-course-no-thumbnail': async () => {
    await openAddCourse();
    await fillCourse({ thumbnail: false });
    await user.click(button('ADD'));
  },
  'my-courses': async () => {
    mockGet({ [COURSES_PATH]: () => ({ success: true, courses: [makeCourse({ _id: 'c1' })] }) });
    renderPortal('/educator/my-courses');
  },
  'my-courses-loading': async () => {
    pendingGet(COURSES_PATH);
    renderPortal('/educator/my-courses');
  },
  'my-courses-error': async () => {
    mockGet({ [COURSES_PATH]: fails(serverError('Educator access required', 403)) });
    renderPortal('/educator/my-courses');
  },
  'my-courses-network-error': async () => {
    mockGet({ [COURSES_PATH]: fails(networkError()) });
    renderPortal('/educator/my-courses');
  },
  'my-courses-empty': async () => {
    mockGet({ [COURSES_PATH]: () => ({ success: true, courses: [] }) });
    renderPortal('/educator/my-courses');
  },
  'students-loading': async () => {
    pendingGet(STUDENTS_PATH);
    renderPortal('/educator/student-enrolled');
  },
  'students-error': async () => {
    mockGet({ [STUDENTS_PATH]: fails(serverError('Educator access required', 403)) });
    renderPortal('/educator/student-enrolled');
  },
  'students-network-error': async () => {
    mockGet({ [STUDENTS_PATH]: fails(networkError()) });
    renderPortal('/educator/student-enrolled');
  },
  'students-empty': async () => {
    mockGet({ [STUDENTS_PATH]: () => ({ success: true, enrolledStudents: [] }) });
    renderPortal('/educator/student-enrolled');
  },
});
