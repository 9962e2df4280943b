import { createQueryClient, type PublicCertificate } from '@courseport/shared-ui';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadPageData } from '../src/pages/CertificatePage';
import {
  expectRetryRecovers,
  failingGet,
  getCalls,
  link,
  mockGet,
  pendingGet,
  renderAt,
  serverError,
  signOut,
} from './helpers';

const ID = 'Qm9vdGNhbXAtY2VydGlmaQ';
const PATH = `/api/certificates/${ID}`;

const answer = (overrides: Partial<PublicCertificate> = {}) => ({
  success: true,
  certificate: {
    id: ID,
    studentName: 'Jane Student',
    courseTitle: 'Complete React Bootcamp',
    completedAt: '2026-03-14T10:00:00.000Z',
    status: 'valid',
    ...overrides,
  } satisfies PublicCertificate,
});

beforeEach(() => {
  signOut();
});

describe('Certificate verification', () => {
  it('shows Loading... (with the page named by its one h1) until the certificate arrives', async () => {
    const pending = pendingGet(PATH);
    renderAt(`/certificate/${ID}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    pending.resolve(answer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('confirms a valid certificate: name, course, date and id', async () => {
    mockGet({ [PATH]: () => answer() });
    renderAt(`/certificate/${ID}`);
    expect(await screen.findByText('This certificate is valid')).toBeInTheDocument();
    expect(screen.getByText('Jane Student')).toBeInTheDocument();
    expect(screen.getByText('Complete React Bootcamp')).toBeInTheDocument();
    expect(screen.getByText(ID)).toBeInTheDocument();
    expect(document.querySelector('time')).toHaveAttribute('dateTime', '2026-03-14T10:00:00.000Z');
    await waitFor(() => expect(document.title).toBe('Certificate: Complete React Bootcamp · Courseport'));
  });

  it('says a revoked certificate has been revoked', async () => {
    mockGet({ [PATH]: () => answer({ status: 'revoked' }) });
    renderAt(`/certificate/${ID}`);
    expect(await screen.findByText('This certificate has been revoked')).toBeInTheDocument();
    expect(screen.queryByText('This certificate is valid')).not.toBeInTheDocument();
  });

  it("says 'Certificate not found' for an unknown id, with a way on", async () => {
    mockGet({
      [PATH]: () => {
        throw serverError('Certificate not found', 404);
      },
    });
    renderAt(`/certificate/${ID}`);
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
    expect(link('Browse all courses')).toHaveAttribute('href', '/course-list');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Certificate not found · Courseport'));
  });

  it('says why it could not check (error), and Retry asks again', async () => {
    const failing = failingGet(PATH, serverError('The API is down', 503), () => answer());
    renderAt(`/certificate/${ID}`);
    await expectRetryRecovers(failing, 'Could not check this certificate', 'Retry', 'This certificate is valid');
    expect(getCalls(PATH)).toBe(2);
  });

  it('puts the certificate in the cache for the server render', async () => {
    mockGet({ [PATH]: () => answer() });
    const client = createQueryClient();
    await loadPageData(client, { id: ID });
    expect(client.getQueryData(['certificate', ID])).toMatchObject({ id: ID, status: 'valid' });
  });
});
