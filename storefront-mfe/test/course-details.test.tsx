import { COURSE_PAGE_THUMBNAIL_SIZES, sessionStore } from '@courseport/shared-ui';
import { makeThumbnail } from '@courseport/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INCLUDED } from '../src/features/course/components/PurchaseCard';
import {
  apiPost,
  button,
  currentPath,
  deferred,
  expectRetryRecovers,
  failingGet,
  getCalls,
  link,
  makeDetails,
  mockGet,
  mockPost,
  PURCHASE_PATH,
  renderAt,
  serverError,
  signIn,
  signOut,
  user,
} from './helpers';

const COURSE_PATH = '/api/course/c1';

beforeEach(() => {
  signOut();
  // Enroll Now while signed out remembers the purchase (carried on after signing in).
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function courseAnswer(overrides: Parameters<typeof makeDetails>[0] = {}) {
  mockGet({ [COURSE_PATH]: () => ({ success: true, courseData: makeDetails(overrides) }) });
}

async function openCourse(overrides: Parameters<typeof makeDetails>[0] = {}) {
  courseAnswer(overrides);
  renderAt('/course/c1');
  await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
}

const purchaseCard = () => screen.getByRole('complementary', { name: 'Enroll in this course' });
const chapterPanel = (title: string) => screen.getByText(title).closest('.cp-chapter') as HTMLElement;

describe('Course details: loading and failures', () => {
  it('shows Loading... until the course arrives', async () => {
    const answer = deferred<unknown>();
    mockGet({ [COURSE_PATH]: () => answer.promise });
    renderAt('/course/c1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve({ success: true, courseData: makeDetails() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' })).toBeInTheDocument();
    // The page's status is gone (the reviews section, below, has its own while its reviews load).
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it("shows 'Course not found' with a link to the course list for an unknown id", async () => {
    mockGet({
      '/api/course/missing': () => {
        throw serverError('Course not found', 404);
      },
    });
    renderAt('/course/missing');
    expect(await screen.findByText('Course not found')).toBeInTheDocument();
    expect(link('Browse all courses')).toHaveAttribute('href', '/course-list');
    expect(screen.queryByText('Retry')).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows an error with Retry for other failures, which loads the course again', async () => {
    const answer = failingGet(COURSE_PATH, serverError('Internal server error', 500), () => ({
      success: true,
      courseData: makeDetails(),
    }));
    renderAt('/course/c1');
    await expectRetryRecovers(answer, 'Could not load this course', 'Retry', 'Complete React Bootcamp');
    expect(screen.getByRole('heading', { level: 1, name: 'Complete React Bootcamp' })).toBeInTheDocument();
    expect(getCalls(COURSE_PATH)).toBe(2);
  });
});

describe('Course details: overview', () => {
  it('shows the title, rating, stars, ratings count, students and educator', async () => {
    await openCourse({ averageRating: 4, ratingCount: 12, enrolledCount: 340 });
    const header = screen.getByRole('heading', { level: 1 }).closest('header') as HTMLElement;
    // The whole-star average (the spec's floor), said as a rating out of 5 as the reviews say theirs.
    expect(within(header).getByText('4 out of 5')).toBeInTheDocument();
    const stars = within(header).getByRole('img', { name: 'Rated 4 out of 5' });
    expect(stars.querySelectorAll('svg[data-filled="true"]')).toHaveLength(4);
    expect(within(header).getByText('(12 ratings)')).toBeInTheDocument();
    expect(within(header).getByText('340 students')).toBeInTheDocument();
    expect(within(header).getByText(/^Course by/)).toHaveTextContent('Course by Jane Educator');
    // The educator's name opens their instructor page.
    expect(within(header).getByRole('link', { name: 'Jane Educator' })).toHaveAttribute(
      'href',
      '/instructor/educator-jane',
    );
  });

  it("shows 'Unknown Educator' when the course has no educator", async () => {
    await openCourse({ educator: null });
    expect(screen.getByText('Course by Unknown Educator')).toBeInTheDocument();
  });

  it('shows the first 200 characters of the description as plain text, never cutting a tag', async () => {
    // The 200th character falls inside the <a> tag of the raw HTML.
    const tail = ' and more words, and even more words after that to pass two hundred characters.';
    const html = `<p>${'a'.repeat(160)} <strong>bold</strong> <a href="https://example.com/x">link text</a>${tail}</p>`;
    expect(html.indexOf('<a ')).toBeLessThan(200);
    expect(html.indexOf('</a>')).toBeGreaterThan(200);
    await openCourse({ courseDescription: html });

    const plain = `${'a'.repeat(160)} bold link text${tail}`;
    expect(plain.length).toBeGreaterThan(200);
    const teaser = screen.getByTestId('course-teaser');
    expect(teaser.textContent).toBe(`${plain.slice(0, 200)}...`);
    expect(teaser.children).toHaveLength(0);
    expect(teaser.textContent).not.toMatch(/[<>]/);
  });

  it('never shows the text of scripts or styles in the teaser', async () => {
    await openCourse({ courseDescription: '<p>Learn</p><script>alert(1)</script><style>p{}</style><p>React</p>' });
    expect(screen.getByTestId('course-teaser').textContent).toBe('Learn React');
  });

  it('shows a short description whole, as text, without ...', async () => {
    await openCourse({ courseDescription: '<h2>Build modern apps</h2><p>Learn <em>React</em> &amp; more.</p>' });
    expect(screen.getByTestId('course-teaser').textContent).toBe('Build modern apps Learn React & more.');
  });

  it('renders the full description as sanitized HTML', async () => {
    await openCourse({
      courseDescription:
        '<p>Learn <strong>React</strong><img src="x" onerror="alert(1)"></p><script>alert(2)</script><a href="javascript:alert(3)">bad</a><a href="https://react.dev">docs</a>',
    });
    const section = screen.getByText('Course Description').closest('section') as HTMLElement;
    // The sanitizer loads with the section, just after the page has painted.
    await waitFor(() => expect(section.querySelector('.sf-rich-text')).not.toBeNull());
    const rich = section.querySelector('.sf-rich-text') as HTMLElement;
    expect(within(rich).getByText('React').tagName).toBe('STRONG');
    expect(rich.querySelector('script, img, [onerror]')).toBeNull();
    expect(within(rich).getByText('bad')).not.toHaveAttribute('href');
    const docs = within(rich).getByText('docs');
    expect(docs).toHaveAttribute('href', 'https://react.dev');
    expect(docs).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});

describe('Course details: course structure', () => {
  it('lists the chapters with their lecture counts and total durations', async () => {
    await openCourse();
    expect(screen.getByText('Course Structure')).toBeInTheDocument();
    const first = chapterPanel('Getting Started');
    expect(within(first).getByText('2 lectures')).toBeInTheDocument();
    expect(within(first).getByText('1h 5m')).toBeInTheDocument();
    const second = chapterPanel('Components and Props');
    expect(within(second).getByText('3 lectures')).toBeInTheDocument();
    expect(within(second).getByText('1h 15m')).toBeInTheDocument();
  });

  it('lists the lectures with their durations and Preview only on free lectures with a video', async () => {
    await openCourse();
    await user.click(screen.getByText('Components and Props'));
    const second = chapterPanel('Components and Props');
    const rows = [...second.querySelectorAll('li')];
    expect(rows.map((row) => row.querySelector('.cp-lecture-title')?.textContent)).toEqual([
      'Your first component',
      'Props in depth',
      'State basics',
    ]);
    expect(rows.map((row) => row.querySelector('.cp-lecture-duration')?.textContent)).toEqual(['30m', '40m', '5m']);
    expect(rows.map((row) => within(row).queryByText('Preview') !== null)).toEqual([true, false, false]);

    const first = chapterPanel('Getting Started');
    const firstRows = [...first.querySelectorAll('li')];
    expect(firstRows.map((row) => within(row).queryByText('Preview') !== null)).toEqual([true, false]);
    expect(screen.getAllByText('Preview')).toHaveLength(2);
  });

  it("draws the thumbnail as the page's LCP image: first, at once, with the sizes the shell's preload names", async () => {
    await openCourse({ thumbnail: makeThumbnail('c1') });
    const img = within(purchaseCard()).getByAltText('Complete React Bootcamp');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('sizes', COURSE_PAGE_THUMBNAIL_SIZES);
    const source = img.closest('picture')?.querySelector('source');
    expect(source).toHaveAttribute('sizes', COURSE_PAGE_THUMBNAIL_SIZES);
    expect(source?.getAttribute('srcset')).toContain('https://app.example/api/media/c1/1280.avif 1280w');
  });

  it('shows the thumbnail until a preview is chosen, then a poster, then the YouTube player', async () => {
    await openCourse();
    const card = purchaseCard();
    expect(within(card).getByAltText('Complete React Bootcamp')).toHaveAttribute(
      'src',
      'https://img.example.com/c1.jpg',
    );
    expect(document.querySelector('iframe')).toBeNull();

    await user.click(screen.getByText('Getting Started'));
    await user.click(button('Preview', chapterPanel('Getting Started')));
    expect(within(card).queryByAltText('Complete React Bootcamp')).not.toBeInTheDocument();
    // A light poster first: no iframe until someone asks for the video.
    expect(document.querySelector('iframe')).toBeNull();
    const play = within(card).getByRole('button', { name: 'Play video' });

    await user.click(play);
    const iframe = card.querySelector('iframe') as HTMLIFrameElement;
    expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/intro123?autoplay=1');
    expect(iframe).toHaveAttribute('title', 'Welcome to the course');
    expect(iframe).toHaveAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');
    expect(iframe).toHaveAttribute('allowfullscreen');

    // Another lecture starts again from its poster, with its own video.
    await user.click(screen.getByText('Components and Props'));
    await user.click(button('Preview', chapterPanel('Components and Props')));
    expect(card.querySelector('iframe')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Play video' }));
    expect(card.querySelector('iframe')?.getAttribute('src')).toContain('/embed/first456?');

    await user.click(button('Close preview', card));
    expect(within(card).getByAltText('Complete React Bootcamp')).toBeInTheDocument();
    expect(card.querySelector('iframe')).toBeNull();
  });
});

describe('Course details: purchase card', () => {
  it('shows the price, the deadline, stats and what is in the course', async () => {
    await openCourse({ coursePrice: 499, discount: 10, averageRating: 4 });
    const card = purchaseCard();
    expect(within(card).getByText('Rs 449.10')).toBeInTheDocument();
    expect(within(card).getByText('Rs 499.00').tagName).toBe('S');
    expect(within(card).getByText('10% OFF')).toBeInTheDocument();
    expect(within(card).getByText('5 days at this price!')).toBeInTheDocument();
    const stats = card.querySelector('.sf-purchase-stats') as HTMLElement;
    expect([...stats.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '4 out of 5',
      '2h 20m',
      '5 lectures',
    ]);
    expect(within(card).getByText("What's in the course?")).toBeInTheDocument();
    const included = (card.querySelector('.sf-included') as HTMLElement).querySelectorAll('li');
    expect([...included].map((li) => li.textContent)).toEqual([
      'Lifetime access with free updates.',
      'Step-by-step, hands-on project guidance.',
      'Downloadable resources and source code.',
      'Quizzes to test your knowledge.',
      'Certificate of completion.',
    ]);
    expect(INCLUDED).toHaveLength(5);
  });

  it('at 0 % shows the full price, no struck price and no badge', async () => {
    await openCourse({ coursePrice: 499, discount: 0 });
    const card = purchaseCard();
    expect(within(card).getByText('Rs 499.00').tagName).not.toBe('S');
    expect(card.querySelector('s')).toBeNull();
    expect(within(card).queryByText(/% OFF/)).not.toBeInTheDocument();
  });

  it("at 33 % shows the rounded discounted price and a '33% OFF' badge", async () => {
    await openCourse({ coursePrice: 499, discount: 33 });
    const card = purchaseCard();
    expect(within(card).getByText('Rs 334.33')).toBeInTheDocument();
    expect(within(card).getByText('Rs 499.00').tagName).toBe('S');
    expect(within(card).getByText('33% OFF')).toBeInTheDocument();
  });

  it("at 100 % shows 'Rs 0.00' and a '100% OFF' badge", async () => {
    await openCourse({ coursePrice: 499, discount: 100 });
    const card = purchaseCard();
    expect(within(card).getByText('Rs 0.00')).toBeInTheDocument();
    expect(within(card).getByText('Rs 499.00').tagName).toBe('S');
    expect(within(card).getByText('100% OFF')).toBeInTheDocument();
  });
});

describe('Course details: enrolling', () => {
  it("signed out: 'Enroll Now' warns 'Please login to continue', opens the sign-in dialog and calls nothing", async () => {
    const openSignIn = vi.fn();
    sessionStore.setState({ openSignIn });
    await openCourse();
    await user.click(button('Enroll Now'));
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(await screen.findByText('Please login to continue')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice-warning')).not.toBeNull();
    expect(apiPost).not.toHaveBeenCalled();
    sessionStore.setState({ openSignIn: () => {} });
  });

  it("while the session is being restored, 'Enroll Now' waits (disabled) rather than asking to sign in", async () => {
    const openSignIn = vi.fn();
    sessionStore.setState({ status: 'loading', user: null, openSignIn });
    await openCourse();
    expect(button('Enroll Now')).toBeDisabled();
    act(() => signIn({}, ['c1']));
    expect(await screen.findByRole('button', { name: 'Already Enrolled' })).toBeEnabled();
    expect(openSignIn).not.toHaveBeenCalled();
    sessionStore.setState({ openSignIn: () => {} });
  });

  it("enrolled: 'Already Enrolled' says 'You are already enrolled in this course' and opens the player", async () => {
    signIn({}, ['c1']);
    await openCourse();
    expect(screen.queryByText('Enroll Now')).not.toBeInTheDocument();
    const enrolled = button('Already Enrolled');
    expect(enrolled).toBeEnabled();
    await user.click(enrolled);
    expect(currentPath()).toBe('/player/c1');
    expect(await screen.findByText('You are already enrolled in this course')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice-info')).not.toBeNull();
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('signed in: starts the checkout, disables the button meanwhile and goes to the payment page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    signIn({}, ['other-course']);
    const answer = deferred<unknown>();
    mockPost({ [PURCHASE_PATH]: () => answer.promise });
    await openCourse();

    const enroll = button('Enroll Now');
    await user.click(enroll);
    expect(apiPost).toHaveBeenCalledWith(PURCHASE_PATH, { courseId: 'c1' });
    expect(enroll).toBeDisabled();

    await act(async () => answer.resolve({ success: true, session_url: 'https://pay.example.com/session/42' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example.com/session/42');
    expect(apiPost).toHaveBeenCalledOnce();
  });

  it("shows the server's message when the checkout fails and enables the button again", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    signIn();
    mockPost({
      [PURCHASE_PATH]: () => {
        throw serverError('Not found', 404);
      },
    });
    await openCourse();
    await user.click(button('Enroll Now'));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice-error')).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(button('Enroll Now')).toBeEnabled());
  });

  it('rechecks the enrollment when the tab becomes visible again', async () => {
    const refreshUser = vi.fn(async () => {
      signIn({ refreshUser }, ['c1']);
    });
    signIn({ refreshUser });
    await openCourse();
    expect(button('Enroll Now')).toBeInTheDocument();

    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refreshUser).not.toHaveBeenCalled();

    visibility.mockReturnValue('visible');
    // The listener is added by an effect, which a busy machine may run a moment after the first paint.
    await waitFor(() => {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(refreshUser).toHaveBeenCalled();
    });
    expect(await screen.findByText('Already Enrolled')).toBeInTheDocument();
    // invalidateAfterPurchase: the course (its enrollment count) is asked for again too.
    await waitFor(() => expect(getCalls(COURSE_PATH)).toBeGreaterThanOrEqual(2));
    visibility.mockRestore();
    sessionStore.setState({ refreshUser: async () => {} });
  });
});
