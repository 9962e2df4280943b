import { api, type Certificate } from '@courseport/shared-ui';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  ENROLLED_PATH,
  enrolledAnswer,
  expectRetryRecovers,
  failsUntilRecovered,
  findToast,
  getCalls,
  makeEnrolledCourse,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  progressAnswer,
  renderAt,
  serverError,
  signIn,
  user,
} from './helpers';

const TITLE = 'Complete React Bootcamp';
const ALL_LECTURES = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'];
const CERTIFICATE_PATH = '/api/user/certificates/c1';
const PDF_PATH = '/api/user/certificates/c1/pdf';
const download = () => vi.mocked(api.download);

const certificate = (overrides: Partial<Certificate> = {}): { success: true; certificate: Certificate } => ({
  success: true,
  certificate: {
    id: 'Qm9vdGNhbXAtY2VydGlmaQ',
    courseId: 'c1',
    studentName: 'Jane Student',
    courseTitle: TITLE,
    educatorName: 'Jane Educator',
    completedAt: '2026-03-14T10:00:00.000Z',
    status: 'valid',
    ...overrides,
  },
});

beforeEach(() => {
  signIn({}, ['c1', 'c2']);
  download().mockReset();
  download().mockResolvedValue(undefined);
});

/** Enrolled in c1 (and c2), with `done` lectures of each completed; the certificate GET answered by `answer`. */
function answerWith(done: Record<string, string[]>, answer: () => unknown = () => certificate()) {
  mockGet({
    [ENROLLED_PATH]: () =>
      enrolledAnswer([
        makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE }),
        makeEnrolledCourse({ _id: 'c2', courseTitle: 'Unfinished course' }),
      ]),
    [CERTIFICATE_PATH]: answer,
  });
  mockPost({
    [PROGRESS_PATH]: (body) => {
      const { courseId } = body as { courseId: string };
      return progressAnswer(courseId, done[courseId] ?? null);
    },
  });
}

describe('Player: the completed course', () => {
  it('celebrates, prepares the certificate (loading), then downloads it (ready)', async () => {
    const answer = deferred<unknown>();
    answerWith({ c1: ALL_LECTURES }, () => answer.promise);
    renderAt('/player/c1');
    expect(await screen.findByRole('heading', { name: /Course complete!/ })).toBeInTheDocument();
    expect(screen.getByText('Preparing your certificate…')).toBeInTheDocument();
    answer.resolve(certificate());
    const downloadButton = await screen.findByRole('button', { name: `Download certificate: ${TITLE}` });
    expect(downloadButton).toHaveTextContent('Download certificate');
    expect(screen.getByText(/Certificate id: Qm9vdGNhbXAtY2VydGlmaQ/)).toBeInTheDocument();
    await user.click(downloadButton);
    expect(download()).toHaveBeenCalledWith(PDF_PATH, 'courseport-certificate.pdf');
  });

  it('says why the certificate is not ready (error) and Try again fetches it', async () => {
    const answer = failsUntilRecovered(serverError('The certificate service is down', 503), () => certificate());
    answerWith({ c1: ALL_LECTURES }, answer.handler);
    renderAt('/player/c1');
    await expectRetryRecovers(answer, 'The certificate service is down', 'Try again', 'Download certificate');
    expect(getCalls(CERTIFICATE_PATH)).toBe(2);
  });

  it('says a revoked certificate is revoked, with nothing to download', async () => {
    answerWith({ c1: ALL_LECTURES }, () => certificate({ status: 'revoked' }));
    renderAt('/player/c1');
    expect(await screen.findByText('This course’s certificate has been revoked.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download certificate/ })).not.toBeInTheDocument();
  });

  it('shows neither celebration nor certificate while lectures remain, and asks for none', async () => {
    answerWith({ c1: ['l1', 'l2'] });
    renderAt('/player/c1');
    await screen.findByText('Course Structure');
    expect(screen.queryByText(/Course complete!/)).not.toBeInTheDocument();
    expect(getCalls(CERTIFICATE_PATH)).toBe(0);
  });

  it('says a failed download in a toast', async () => {
    answerWith({ c1: ALL_LECTURES });
    download().mockRejectedValue(serverError('You are not enrolled in this course', 403));
    renderAt('/player/c1');
    await user.click(await screen.findByRole('button', { name: `Download certificate: ${TITLE}` }));
    expect(await findToast('You are not enrolled in this course', 'error')).toBeInTheDocument();
  });
});

describe('My Enrollments: certificates', () => {
  it('offers the certificate of each completed course only', async () => {
    answerWith({ c1: ALL_LECTURES, c2: ['l1'] });
    renderAt('/my-enrollments');
    const certificateButton = await screen.findByRole('button', { name: `Download certificate: ${TITLE}` });
    expect(certificateButton).toHaveTextContent('Certificate');
    expect(await screen.findByRole('button', { name: 'On Going: Unfinished course' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download certificate: Unfinished course' })).not.toBeInTheDocument();
    await user.click(certificateButton);
    expect(download()).toHaveBeenCalledWith(PDF_PATH, 'courseport-certificate.pdf');
  });
});
