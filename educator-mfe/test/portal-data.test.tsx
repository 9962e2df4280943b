import { queryKeys, type UserProfile } from '@courseport/shared-ui';
import { describe, expect, it } from 'vitest';
import { UNANSWERED_COUNT_KEY } from '../src/api/questions';
import { announcementKeys } from '../src/features/announcements/api/announcements';
import { questionKeys } from '../src/features/questions/api/questions';
import { loadPageData } from '../src/pages/portal-data';
import { apiGet, COURSES_PATH, makeCourse, mockGet, STUDENTS_PATH, testQueryClient } from './helpers';

const EDUCATOR = { _id: 'u1', name: 'Grace Hopper', roles: ['student', 'educator'] } as unknown as UserProfile;

/** A cache holding `user`'s profile, as the server render and the browser's start-up have it. */
function cacheOf(user: UserProfile | null) {
  const client = testQueryClient();
  if (user) client.setQueryData(queryKeys.user.profile(), user);
  return client;
}

const COURSE = makeCourse({ _id: 'react', courseTitle: 'Complete React Bootcamp' });

function answerAll() {
  mockGet({
    '/api/educator/coupons': () => ({ success: true, coupons: [] }),
    '/api/educator/reviews?page=1': () => ({
      success: true,
      reviews: { reviews: [], total: 0, page: 1, pageSize: 10 },
    }),
    '/api/educator/profile': () => ({ success: true, profile: { _id: 'u1', name: 'Grace Hopper', bio: 'Hi' } }),
    [STUDENTS_PATH]: () => ({ success: true, enrolledStudents: [] }),
    [COURSES_PATH]: () => ({ success: true, courses: [COURSE] }),
    '/api/educator/questions': () => ({ success: true, questions: [], nextCursor: null }),
    '/api/educator/questions/unanswered-count': () => ({ success: true, unanswered: 2 }),
    '/api/courses/react/announcements': () => ({ success: true, announcements: [], nextCursor: null }),
  });
}

/** What `loadPageData` put in the cache for the page at `path` (under /educator). */
async function loaded(path: string, user: UserProfile | null = EDUCATOR) {
  answerAll();
  const client = cacheOf(user);
  await loadPageData(client, { '*': path }, new URLSearchParams());
  return client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'success' })
    .map((query) => query.queryKey)
    .filter((key) => JSON.stringify(key) !== JSON.stringify(queryKeys.user.profile()));
}

describe('loadPageData: the first data of the coupons, reviews, profile, students, Q&A and announcements pages', () => {
  it('fetches exactly the queries each first screen reads, under their own keys', async () => {
    expect(await loaded('coupons')).toEqual([queryKeys.educator.coupons()]);
    expect(await loaded('reviews')).toEqual([queryKeys.educator.reviews(1)]);
    expect(await loaded('profile/')).toEqual([queryKeys.educator.profile()]);
    expect(await loaded('student-enrolled')).toEqual([queryKeys.educator.enrolledStudents()]);
    expect(await loaded('questions')).toEqual([
      queryKeys.educator.courses(),
      questionKeys.list('', ''),
      UNANSWERED_COUNT_KEY,
    ]);
    expect(await loaded('courses/react/announcements')).toEqual([
      queryKeys.educator.courses(),
      announcementKeys.list('react'),
    ]);
    expect(apiGet).toHaveBeenCalledWith('/api/courses/react/announcements');
  });

  it('fetches nothing for someone who is not an educator, nor for a page it does not name', async () => {
    const student = { ...EDUCATOR, roles: ['student'] } as UserProfile;
    expect(await loaded('coupons', student)).toEqual([]);
    expect(await loaded('courses/react/announcements/extra')).toEqual([]);
  });
});
