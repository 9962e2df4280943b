import { ROUTES } from '@courseport/contracts/platform';
import { COURSE_CARD_THUMBNAIL_SIZES, sessionStore } from '@courseport/shared-ui';
import { makeThumbnail } from '@courseport/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FOOTER_TEXT } from '../src/components/Footer';
import {
  apiGet,
  button,
  CATEGORIES_PATH,
  catalogPage,
  currentPath,
  expectRetryRecovers,
  FEATURED_PATH,
  failsUntilRecovered,
  getCalls,
  link,
  makeCourse,
  mockGet,
  pendingGet,
  renderAt,
  serverError,
  signIn,
  signOut,
  user,
} from './helpers';

const TEN_COURSES = Array.from({ length: 10 }, (_, i) =>
  makeCourse({ _id: `c${i + 1}`, courseTitle: `Course ${i + 1}` }),
);

beforeEach(() => {
  signOut();
});

const coursesAnswer = (courses = TEN_COURSES) =>
  mockGet({
    [FEATURED_PATH]: () => catalogPage(courses),
    [CATEGORIES_PATH]: () => ({ success: true, categories: [] }),
  });

describe('Home: hero and search', () => {
  it('shows a headline, a subtitle and a search box', async () => {
    coursesAnswer();
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/courses designed to fit your goals/);
    expect(screen.getByText(/Hands-on courses from educators/)).toBeInTheDocument();
    expect(screen.getAllByPlaceholderText('Search for courses')).toHaveLength(1);
    expect(button('Search')).toHaveAttribute('type', 'submit');
    await screen.findByText('Course 1');
  });

  it('opens the course list for the typed text, URL-encoded', async () => {
    coursesAnswer();
    renderAt('/');
    await user.type(screen.getByLabelText('Search for courses'), 'React & Node{Enter}');
    expect(currentPath()).toBe('/course-list/React%20%26%20Node');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course List' })).toBeInTheDocument();
    expect(screen.getByText('React & Node')).toBeInTheDocument();
  });

  it('opens the whole course list for an empty search', async () => {
    coursesAnswer();
    renderAt('/');
    await user.type(screen.getByLabelText('Search for courses'), '   ');
    await user.click(button('Search'));
    expect(currentPath()).toBe('/course-list');
  });
});

describe('Home: trusted-by strip', () => {
  it('shows six company wordmarks drawn inline', async () => {
    coursesAnswer([]);
    renderAt('/');
    const strip = screen.getByText('Trusted by learners from').closest('section') as HTMLElement;
    const logos = within(strip).getAllByRole('img');
    expect(logos).toHaveLength(6);
    for (const logo of logos) {
      expect(logo.tagName.toLowerCase()).toBe('svg');
      expect(logo).toHaveAccessibleName();
    }
    expect(strip.querySelector('img')).toBeNull();
    await screen.findByText('No courses available yet');
  });
});

describe('Home: Learn from the best', () => {
  it('shows Loading... until the courses arrive, then the first 8 of them', async () => {
    const answer = pendingGet(FEATURED_PATH);
    renderAt('/');
    expect(screen.getByText('Learn from the best')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    answer.resolve(catalogPage(TEN_COURSES));
    const grid = await screen.findByRole('list', { name: 'Featured courses' });
    const cards = within(grid).getAllByRole('link', { name: /^Course / });
    expect(cards).toHaveLength(8);
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(
      TEN_COURSES.slice(0, 8).map((course) => `/course/${course._id}`),
    );
    expect(screen.queryByText('Course 9')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(link('Show all courses')).toHaveAttribute('href', '/course-list');
  });

  it('shows the 8 best-rated courses, asked for once and as the shell prefetches it', async () => {
    const firstPage = Array.from({ length: 48 }, (_, i) =>
      makeCourse({ _id: `p${i + 1}`, courseTitle: `Paged ${i + 1}` }),
    );
    mockGet({ [FEATURED_PATH]: () => catalogPage(firstPage, 5_000) });
    renderAt('/');
    const grid = await screen.findByRole('list', { name: 'Featured courses' });
    expect(
      within(grid)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(firstPage.slice(0, 8).map((c) => c.courseTitle));
    expect(screen.queryByText('Show more courses')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(apiGet.mock.calls.map(([path]) => path).sort()).toEqual([CATEGORIES_PATH, FEATURED_PATH]);
    expect(FEATURED_PATH).toBe(ROUTES.find((route) => route.path === '/')?.prefetch?.({}));
  });

  it('shows an error with Retry, which loads the courses again', async () => {
    const courses = failsUntilRecovered(serverError('Database unavailable', 503), () => catalogPage(TEN_COURSES));
    mockGet({ [FEATURED_PATH]: courses.handler });
    renderAt('/');
    await expectRetryRecovers(courses, 'Could not load courses', 'Retry', 'Course 1');
    expect(getCalls(FEATURED_PATH)).toBe(2);
  });

  it('shows an empty state when there are no courses', async () => {
    coursesAnswer([]);
    renderAt('/');
    expect(await screen.findByText('No courses available yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Featured courses' })).not.toBeInTheDocument();
  });
});

describe('Course card', () => {
  it("draws a processed thumbnail's renditions at the card's width, every card lazily (the grid is below the hero)", async () => {
    coursesAnswer(TEN_COURSES.map((course) => ({ ...course, thumbnail: makeThumbnail(course._id) })));
    renderAt('/');
    const grid = await screen.findByRole('list', { name: 'Featured courses' });
    const img = within(grid).getByAltText('Course 1');
    expect(img.closest('picture')?.querySelector('source')).toHaveAttribute('type', 'image/avif');
    expect(img).toHaveAttribute('sizes', COURSE_CARD_THUMBNAIL_SIZES);
    expect(img.getAttribute('srcset')).toContain('https://app.example/api/media/c1/320.jpeg 320w');
    expect(img).toHaveAttribute('width', '1280');
    expect(img).toHaveAttribute('height', '720');
    for (const thumb of grid.querySelectorAll('img')) {
      expect(thumb).toHaveAttribute('loading', 'lazy');
      expect(thumb).not.toHaveAttribute('fetchpriority');
    }
  });

  it('shows thumbnail, title, educator, rating, stars, count and the discounted price', async () => {
    coursesAnswer([
      makeCourse({ _id: 'react', courseTitle: 'React Basics', coursePrice: 499, discount: 10, averageRating: 3 }),
    ]);
    renderAt('/');
    const card = (await screen.findByText('React Basics')).closest('article') as HTMLElement;
    const title = within(card).getByRole('link', { name: 'React Basics' });
    expect(title).toHaveAttribute('href', '/course/react');
    title.focus();
    expect(title).toHaveFocus();

    const img = within(card).getByAltText('React Basics');
    expect(img).toHaveAttribute('src', 'https://img.example.com/react.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');

    expect(within(card).getByText('Jane Educator')).toBeInTheDocument();
    expect(within(card).getByText('3')).toBeInTheDocument();
    const stars = within(card).getByRole('img', { name: 'Rated 3 out of 5' });
    expect(stars.querySelectorAll('svg')).toHaveLength(5);
    expect(stars.querySelectorAll('svg[data-filled="true"]')).toHaveLength(3);
    expect(within(card).getByText('(12)')).toBeInTheDocument();
    expect(within(card).getByText('Rs 449.10')).toBeInTheDocument();
    expect(within(card).getByText('Rs 499.00').closest('s')).not.toBeNull();
  });

  it("shows 'Unknown Educator' without an educator and no struck price without a discount", async () => {
    coursesAnswer([makeCourse({ _id: 'solo', courseTitle: 'Solo Course', educator: null, discount: 0 })]);
    renderAt('/');
    const card = (await screen.findByText('Solo Course')).closest('article') as HTMLElement;
    expect(within(card).getByText('Unknown Educator')).toBeInTheDocument();
    expect(within(card).getByText('Rs 499.00')).toBeInTheDocument();
    expect(card.querySelector('s')).toBeNull();
  });

  it('opens the course page when clicked', async () => {
    coursesAnswer([makeCourse({ _id: 'react', courseTitle: 'React Basics' })]);
    mockGet({
      [FEATURED_PATH]: () => ({
        success: true,
        courses: [makeCourse({ _id: 'react', courseTitle: 'React Basics' })],
      }),
      '/api/course/react': () => new Promise(() => {}),
    });
    renderAt('/');
    await user.click(await screen.findByText('React Basics'));
    expect(currentPath()).toBe('/course/react');
  });
});

describe('Home: testimonials', () => {
  it('shows three testimonials with name, role, avatar, five stars and feedback', async () => {
    coursesAnswer([]);
    renderAt('/');
    const section = screen.getByText('Testimonials').closest('section') as HTMLElement;
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    for (const item of items) {
      const stars = within(item).getByRole('img', { name: 'Rated 5 out of 5' });
      expect(stars.querySelectorAll('svg[data-filled="true"]')).toHaveLength(5);
      expect(item.querySelector('blockquote')?.textContent?.length).toBeGreaterThan(40);
    }
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'Priya Sharma' })).toHaveTextContent('PS');
    expect(within(items[0] as HTMLElement).getByText('Frontend Developer, Northwind')).toBeInTheDocument();
    await screen.findByText('No courses available yet');
  });
});

describe('Home: call to action', () => {
  const stats = () => {
    const list = document.querySelector('.sf-cta-stats') as HTMLElement;
    return [...list.querySelectorAll('.sf-cta-stat')].map((stat) => [
      stat.querySelector('dd')?.textContent,
      stat.querySelector('dt')?.textContent,
    ]);
  };

  it("signed out: 'Get Started' opens sign-in, with the learner stats", async () => {
    const openSignIn = vi.fn();
    sessionStore.setState({ openSignIn });
    coursesAnswer([]);
    renderAt('/');
    expect(screen.getByText('Learn anything, anytime, anywhere')).toBeInTheDocument();
    await user.click(button('Get Started'));
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(screen.queryByText('Create Course')).not.toBeInTheDocument();
    expect(screen.queryByText('Browse Courses')).not.toBeInTheDocument();
    expect(link('Learn More')).toHaveAttribute('href', '/course-list');
    expect(stats()).toEqual([
      ['100+', 'Courses Available'],
      ['24/7', 'Learning Access'],
      ['Global', 'Community'],
    ]);
  });

  it("educator: 'Create Course' goes to /educator/add-course, with the educator stats", async () => {
    signIn({ roles: ['student', 'educator'] });
    coursesAnswer([]);
    renderAt('/');
    expect(screen.getByText('Share your knowledge with the world')).toBeInTheDocument();
    expect(link('Create Course')).toHaveAttribute('href', '/educator/add-course');
    expect(screen.queryByText('Get Started')).not.toBeInTheDocument();
    expect(screen.queryByText('Browse Courses')).not.toBeInTheDocument();
    expect(link('Learn More')).toHaveAttribute('href', '/course-list');
    expect(stats()).toEqual([
      ['100+', 'Students Reached'],
      ['24/7', 'Teaching Support'],
      ['Global', 'Student Network'],
    ]);
    await user.click(link('Create Course'));
    expect(currentPath()).toBe('/educator/add-course');
  });

  it("student: 'Browse Courses' goes to /course-list, with the learner stats", async () => {
    signIn();
    coursesAnswer([]);
    renderAt('/');
    expect(screen.getByText('Keep learning, keep growing')).toBeInTheDocument();
    expect(link('Browse Courses')).toHaveAttribute('href', '/course-list');
    expect(screen.queryByText('Get Started')).not.toBeInTheDocument();
    expect(screen.queryByText('Create Course')).not.toBeInTheDocument();
    expect(stats().map(([, label]) => label)).toEqual(['Courses Available', 'Learning Access', 'Community']);
    await user.click(link('Browse Courses'));
    await waitFor(() => expect(currentPath()).toBe('/course-list'));
  });
});

describe('Storefront footer', () => {
  it('shows the name, the ecosystem text, links and a copyright line', async () => {
    coursesAnswer([]);
    renderAt('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Courseport')).toBeInTheDocument();
    expect(within(footer).getByText(FOOTER_TEXT)).toBeInTheDocument();
    expect(FOOTER_TEXT).toMatch(/learning ecosystem where everyone can be both a student and an educator/);
    expect(link('Home', footer)).toHaveAttribute('href', '/');
    expect(link('Courses', footer)).toHaveAttribute('href', '/course-list');
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Courseport. All rights reserved.`),
    ).toBeInTheDocument();
    await screen.findByText('No courses available yet');
  });
});
