import type { Announcement } from '@courseport/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, failsUntilRecovered, renderAt, serverError, signIn, user } from './helpers';
import { apiSend, fakeApi } from './lesson-tabs-api';

const ANNOUNCEMENTS = '/api/courses/c1/announcements';

beforeEach(() => {
  signIn({}, ['c1']);
  apiSend.mockReset();
});

const announcement = (id: string, overrides: Partial<Announcement> = {}): Announcement => ({
  _id: id,
  courseId: 'c1',
  title: `Announcement ${id}`,
  body: `<p>News ${id}</p>`,
  author: { _id: 'educator-jane', name: 'Jane Educator' },
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

async function openAnnouncements() {
  renderAt('/player/c1?lecture=l1');
  await screen.findByText('Course Structure');
  await user.click(screen.getByRole('tab', { name: 'Announcements' }));
}

describe('Player: announcements', () => {
  it("lists the course's announcements newest first, sanitized, with Load more", async () => {
    const api = fakeApi({
      [`GET ${ANNOUNCEMENTS}`]: ({ query }) =>
        query.get('cursor') === 'next'
          ? { success: true, announcements: [announcement('a1')], nextCursor: null }
          : {
              success: true,
              announcements: [
                announcement('a3', {
                  title: 'Live session on Friday',
                  body: '<p>Join us <a href="https://meet.example">here</a><img src=x onerror="alert(1)"></p>',
                }),
                announcement('a2'),
              ],
              nextCursor: 'next',
            },
    });
    await openAnnouncements();
    const list = await screen.findByRole('list', { name: 'Announcements' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Live session on Friday',
      'Announcement a2',
    ]);
    expect(items[0]).toHaveTextContent('Jane Educator');
    expect(items[0]?.querySelector('img')).toBeNull();
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'here' })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Announcement a1')).toBeInTheDocument();
    expect(api.of('GET', ANNOUNCEMENTS).at(-1)?.query.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows Loading..., then the empty state with what will show there', async () => {
    const held = deferred<unknown>();
    fakeApi({ [`GET ${ANNOUNCEMENTS}`]: () => held.promise });
    await openAnnouncements();
    expect(await screen.findByText('Loading announcements...')).toBeInTheDocument();
    held.resolve({ success: true, announcements: [], nextCursor: null });
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    expect(screen.getByText(/When the educator writes to everyone in this course/)).toBeInTheDocument();
  });

  it('shows a failure with Try Again, which loads them', async () => {
    const failing = failsUntilRecovered(serverError('You are not enrolled in this course', 403), () => ({
      success: true,
      announcements: [announcement('a1')],
      nextCursor: null,
    }));
    fakeApi({ [`GET ${ANNOUNCEMENTS}`]: failing.handler });
    await openAnnouncements();
    expect(await screen.findByText('Could not load the announcements')).toBeInTheDocument();
    expect(screen.getByText('You are not enrolled in this course')).toBeInTheDocument();
    failing.recover();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Announcement a1')).toBeInTheDocument();
  });
});
