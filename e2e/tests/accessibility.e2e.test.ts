import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { outboxLink } from '../support/mail';
import { type Platform, startTestPlatform } from '../support/platform';
import { DEMO, openSignInDialog, signInThroughUi } from '../support/session';

// Issue #16, point 6: every page of every portal, as a signed-out visitor, a student, an educator
// and an admin, at desktop and phone width: no serious or critical axe-core violation, and nothing
// wider than the screen. One browser context per role and width; each test visits a group of pages
// and reports every page's findings (soft assertions), not only the first.

let platform: Platform;
let browser: Browser;
let shell: string;
/** Two published courses: one with a free-preview lecture, and its chapter holding it. */
let preview: { courseId: string; chapterTitle: string; lectureTitle: string };
const contexts: BrowserContext[] = [];

interface CatalogCourse {
  _id: string;
  courseContent?: Array<{
    chapterTitle: string;
    chapterContent: Array<{ lectureTitle: string; isPreviewFree?: boolean; lectureUrl?: string }>;
  }>;
}

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  shell = platform.urls.shell;
  // The course ids come from the API, as the storefront gets them.
  const { courses } = (await (await fetch(`${shell}/api/course/all`)).json()) as { courses: CatalogCourse[] };
  for (const { _id } of courses) {
    const { courseData } = (await (await fetch(`${shell}/api/course/${_id}`)).json()) as {
      courseData: CatalogCourse;
    };
    for (const chapter of courseData.courseContent ?? []) {
      const lecture = chapter.chapterContent.find((l) => l.isPreviewFree && l.lectureUrl);
      if (lecture && !preview) {
        preview = { courseId: _id, chapterTitle: chapter.chapterTitle, lectureTitle: lecture.lectureTitle };
      }
    }
  }
  if (!preview) throw new Error('No course with a free-preview lecture in the demo catalog');
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await platform?.stop();
});

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  // A missing element fails its step, with the locator named, well before the test's own time-out.
  page.setDefaultTimeout(10_000);
  return page;
}

async function signedInPage(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(viewport);
  await page.goto(shell);
  await signInThroughUi(page, email);
  return page;
}

/** No serious or critical violation, and nothing wider than the screen; `what` names the page in a failure. */
async function expectAccessible(page: Page, what: string, { overflow = true } = {}) {
  expect.soft(await seriousViolations(page), `${what}: axe`).toEqual([]);
  if (!overflow) return;
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(wider, `${what}: wider than the screen by ${wider}px`).toBeLessThanOrEqual(0);
}

/**
 * The signed-in user's profile has arrived: the navigation bar's Student toggle (every demo account
 * is a student) is pressed. Until then the toggles change colour, and a contrast check could catch
 * them half-way through that transition.
 */
const profileShown = (page: Page) =>
  page.getByRole('group', { name: 'Your roles' }).getByRole('button', { name: 'Student', pressed: true }).waitFor();

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();

describe.each(WIDTHS)('every page at $name width', ({ name: width, viewport }) => {
  describe('a signed-out visitor', () => {
    let page: Page;
    beforeAll(async () => {
      page = await newPage(viewport);
    });

    it('the storefront: home, course list, a search, a course with a free preview playing', async () => {
      await page.goto(shell);
      await page.getByRole('complementary', { name: 'Demo notice' }).waitFor();
      await page.getByRole('link', { name: /./ }).first().waitFor();
      await page.locator('.sf-course-card, [data-course-id]').first().waitFor();
      await expectAccessible(page, 'home');

      await page.goto(`${shell}/course-list`);
      await heading(page, 'Course List');
      await page.locator('.sf-course-card, [data-course-id]').first().waitFor();
      await expectAccessible(page, 'course list');

      await page.goto(`${shell}/course-list/java`);
      await page.getByText('Java Programming Masterclass').first().waitFor();
      await expectAccessible(page, 'course list searched');

      await page.goto(`${shell}/course-list/no-such-course-anywhere`);
      await page
        .getByText(/no course/i)
        .first()
        .waitFor();
      await expectAccessible(page, 'course list searched, nothing found');

      await page.goto(`${shell}/course/${preview.courseId}`);
      await page.getByRole('button', { name: 'Enroll Now' }).waitFor();
      await expectAccessible(page, 'course details');
      await page.getByRole('button', { name: new RegExp(escapeRegExp(preview.chapterTitle)) }).click();
      await page.getByRole('button', { name: `Preview ${preview.lectureTitle}` }).click();
      await page.getByRole('button', { name: 'Close preview' }).waitFor();
      await expectAccessible(page, 'course details, free preview chosen');
      await page.getByRole('button', { name: 'Play video' }).click();
      await page.locator('iframe[data-video-id]').waitFor();
      await expectAccessible(page, 'course details, free preview playing');

      await page.goto(`${shell}/course/000000000000000000000000`);
      await page
        .getByText(/not found|could not/i)
        .first()
        .waitFor();
      await expectAccessible(page, 'course details of an unknown course');

      await page.goto(`${shell}/course/${preview.courseId}`);
      await page.locator('.sf-course-by a').click();
      await page.getByRole('heading', { level: 2, name: /^Courses by / }).waitFor();
      await expectAccessible(page, 'instructor page');
      await page.goto(`${shell}/instructor/nobody`);
      await page.getByText('Instructor not found').first().waitFor();
      await expectAccessible(page, 'instructor page of nobody');
    }, 60_000);

    it("the signed-in pages' signed-out state", async () => {
      await page.goto(`${shell}/my-enrollments`);
      await page.getByText('Please sign in to see your enrollments').waitFor();
      await expectAccessible(page, 'my enrollments, signed out');

      await page.goto(`${shell}/player/${preview.courseId}`);
      await page.getByText('Please sign in to watch this course').waitFor();
      await expectAccessible(page, 'player, signed out');

      await page.goto(`${shell}/purchase-history`);
      await page.getByText('Please sign in to see your purchase history').waitFor();
      await expectAccessible(page, 'purchase history, signed out');

      await page.goto(`${shell}/wishlist`);
      await page.getByText('Please sign in to see your wishlist').waitFor();
      await expectAccessible(page, 'wishlist, signed out');

      await page.goto(`${shell}/loading/my-enrollments`);
      await page.getByText('Purchase ID not found').waitFor();
      await expectAccessible(page, 'payment return without a purchase');

      await page.goto(`${shell}/admin`);
      await heading(page, 'Access Denied');
      await expectAccessible(page, 'admin, signed out');

      // The educator area sends signed-out visitors home.
      await page.goto(`${shell}/educator/add-course`);
      await page.waitForURL(`${shell}/`);
      await page.getByRole('complementary', { name: 'Demo notice' }).waitFor();
      await expectAccessible(page, 'educator, signed out (home)');
    });

    it('the shell pages: reset password, confirm e-mail, page not found', async () => {
      await page.goto(`${shell}/reset-password?token=${'a'.repeat(43)}`);
      await page.getByLabel('New password', { exact: true }).waitFor();
      await expectAccessible(page, 'reset password');
      await page.goto(`${shell}/reset-password`);
      await page.getByText('This reset link is invalid or has expired.').waitFor();
      await expectAccessible(page, 'reset password, broken link');
      await page.goto(`${shell}/confirm-email?token=${'a'.repeat(43)}`);
      await page.getByRole('button', { name: 'Confirm my email address' }).waitFor();
      await expectAccessible(page, 'confirm e-mail');
      await page.goto(`${shell}/confirm-email`);
      await page.getByText('This confirmation link is invalid or has expired.').waitFor();
      await expectAccessible(page, 'confirm e-mail, broken link');

      await page.goto(`${shell}/no/such/page`);
      await heading(page, /not found/i);
      await expectAccessible(page, 'page not found');
    });

    it('the sign-in dialog, its tabs, the inbox notice and the role dialog', async () => {
      await page.goto(shell);
      const signIn = await openSignInDialog(page);
      await signIn.getByLabel('Email address').waitFor();
      await expectAccessible(page, 'sign-in dialog');
      await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
      await signIn.getByText('Please enter your email address').waitFor();
      await expectAccessible(page, 'sign-in dialog, empty form submitted');
      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: /send/i }).waitFor();
      await expectAccessible(page, 'forgot-password dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Create Account' }).click();
      const signUp = page.getByRole('dialog', { name: 'Create your account' });
      await signUp.getByLabel('Full name').waitFor();
      await expectAccessible(page, 'create-account dialog');
      const email = `new-${width}@example.com`;
      await signUp.getByLabel('Full name').fill('Nora New');
      await signUp.getByLabel('Email address').fill(email);
      await signUp.getByLabel('Password').fill('a long password');
      await signUp.getByRole('button', { name: 'Create account', exact: true }).click();
      await page.getByRole('dialog', { name: 'Check your inbox' }).getByText(email).waitFor();
      await expectAccessible(page, 'check-your-inbox dialog');

      // The mail's link opens the confirm page, whose button signs the new user in; with no profile
      // yet, the role dialog asks.
      const newcomer = await newPage(viewport);
      await newcomer.goto(await outboxLink(platform.urls.api, email));
      await newcomer.getByRole('button', { name: 'Confirm my email address' }).click();
      const roles = newcomer.getByRole('dialog', { name: 'Choose Your Roles' });
      await roles.getByText('Learn from courses and track your progress').waitFor();
      await expectAccessible(newcomer, 'role dialog');
    }, 60_000);
  });

  describe('a student', () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(DEMO.student, viewport);
    });

    it('home, the account menu, enrollments, purchase history, wishlist', async () => {
      await page.goto(shell);
      await profileShown(page);
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
      await expectAccessible(page, 'home, signed in');
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page, 'account menu open');
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      await page.getByRole('dialog', { name: 'Change password' }).waitFor();
      await expectAccessible(page, 'change-password dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.goto(`${shell}/my-enrollments`);

      await profileShown(page);
      await heading(page, 'My Enrollments');
      await page.getByText('Java Programming Masterclass').first().waitFor();
      await expectAccessible(page, 'my enrollments');

      await page.goto(`${shell}/purchase-history`);

      await profileShown(page);
      await heading(page, 'Purchase history');
      await page.getByText('Java Programming Masterclass').first().waitFor();
      await expectAccessible(page, 'purchase history');

      await page.goto(`${shell}/wishlist`);

      await profileShown(page);
      await heading(page, 'Wishlist');
      await page.getByRole('list', { name: 'Saved courses' }).or(page.getByText('Your wishlist is empty')).waitFor();
      await expectAccessible(page, 'wishlist');
    });

    it("a course page's 'Have a coupon?' form, refusing a code", async () => {
      const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
      const course = (courses as Array<{ _id: string; courseTitle: string }>).find(
        (c) => c.courseTitle === 'TypeScript Deep Dive',
      );
      await page.goto(`${shell}/course/${course?._id}`);
      await profileShown(page);
      await page.getByRole('button', { name: 'Have a coupon?' }).click();
      await page.getByLabel('Coupon code').fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('alert').filter({ hasText: 'Coupon not found' }).waitFor();
      await expectAccessible(page, 'course page, coupon refused');
    });

    it('the player with a lecture playing and the rating control', async () => {
      await page.goto(`${shell}/my-enrollments`);
      await profileShown(page);
      await page.getByRole('row').nth(1).getByRole('button').first().click();
      await page.waitForURL(/\/player\//);
      await profileShown(page);
      await page.getByText('Course Structure').waitFor();
      await page.getByText('Rate this Course:').waitFor();
      await expectAccessible(page, 'player');
      await page
        .getByRole('button', { name: /^Watch / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Mark Complete' }).waitFor();
      await expectAccessible(page, 'player, a lecture playing');

      await page.goto(`${shell}/player/000000000000000000000000`);

      await profileShown(page);
      await page.getByText('You are not enrolled in this course').waitFor();
      await expectAccessible(page, 'player, not enrolled');
    });

    it('the payment-return page, processing and done', async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/user/verify-payment', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${shell}/loading/my-enrollments?purchaseId=no-such-purchase`);
      await profileShown(page);
      // The session is known: the server is verifying (the call is held).
      await page.getByText('Processing your payment...').waitFor();
      await expectAccessible(page, 'payment return, processing');
      release();
      await page.getByText('Redirecting you shortly...').waitFor();
      expect.soft(await seriousViolations(page), 'payment return, done: axe').toEqual([]);
      await page.unroute('**/api/user/verify-payment');
    });

    it("the areas a student may not enter: the educator's (sent home) and the admin's (access denied)", async () => {
      await page.goto(`${shell}/educator`);
      await page.waitForURL(`${shell}/`);
      await profileShown(page);
      await expectAccessible(page, 'educator, as a student (home)');

      await page.goto(`${shell}/admin`);
      await heading(page, 'Access Denied');
      await expectAccessible(page, 'admin, as a student');
    });
  });

  describe('an educator', () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(DEMO.educator, viewport);
    });

    it('the dashboard, my courses, students enrolled', async () => {
      await page.goto(`${shell}/educator`);
      await page.getByText('Latest Enrollments').waitFor();
      await page.getByRole('table').first().waitFor();
      await expectAccessible(page, 'educator dashboard');

      await page.goto(`${shell}/educator/my-courses`);
      await page.getByRole('row').nth(1).waitFor();
      await expectAccessible(page, 'educator my courses');

      await page.goto(`${shell}/educator/student-enrolled`);
      await page.getByRole('row').nth(1).waitFor();
      await expectAccessible(page, 'educator students enrolled');
    });

    it('add course, with the chapter and lecture dialogs', async () => {
      await page.goto(`${shell}/educator/add-course`);
      await page.getByLabel('Course Title').waitFor();
      await page.getByRole('button', { name: '+ Add Chapter' }).waitFor();
      await expectAccessible(page, 'add course');

      await page.getByRole('button', { name: '+ Add Chapter' }).click();
      await page.getByLabel('Enter Chapter Name:').waitFor();
      await expectAccessible(page, 'add course, chapter dialog');
      await page.getByLabel('Enter Chapter Name:').fill('Getting started');
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByText('Getting started').first().waitFor();
      await expectAccessible(page, 'add course, with a chapter');

      await page.getByRole('button', { name: '+ Add Lecture' }).first().click();
      const modal = page.getByRole('dialog', { name: 'Add Lecture' });
      await modal.getByLabel('Lecture Title').waitFor();
      await expectAccessible(page, 'add course, lecture dialog');
      await modal.getByLabel('Lecture Title').fill('Hello');
      await modal.getByLabel('Duration (minutes)').fill('5');
      await modal.getByLabel('Lecture URL').fill('https://youtu.be/dQw4w9WgXcQ');
      await modal.getByText('Is Preview Free?').click();
      await modal.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Free Preview').waitFor();
      await expectAccessible(page, 'add course, with a lecture');
    });

    it('profile: the bio, and one too long', async () => {
      await page.goto(`${shell}/educator/profile`);
      await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
      await page.getByLabel('About you').waitFor();
      await expectAccessible(page, 'educator profile');
      await page.getByLabel('About you').fill('x'.repeat(601));
      await page.getByRole('alert').filter({ hasText: 'at most 600' }).waitFor();
      await expectAccessible(page, 'educator profile, bio too long');
    });

    it('reviews: the list of reviews of their courses (or none), and the reply form', async () => {
      await page.goto(`${shell}/educator/reviews`);
      await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
      await page
        .getByRole('list', { name: 'Reviews of your courses' })
        .or(page.getByText('No reviews of your courses yet'))
        .waitFor();
      await expectAccessible(page, 'educator reviews');
      const reply = page.getByRole('button', { name: /^Reply to / }).first();
      if (await reply.isVisible()) {
        await reply.click();
        await page.getByLabel('Your reply').waitFor();
        await expectAccessible(page, 'educator reviews, reply form');
        await page.getByRole('button', { name: 'Cancel' }).click();
      }
    });

    it('coupons: the list, the create dialog with its errors, one created', async () => {
      await page.goto(`${shell}/educator/coupons`);
      await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
      await page.getByRole('button', { name: 'Create Coupon' }).first().waitFor();
      await expectAccessible(page, 'educator coupons');

      await page.getByRole('button', { name: 'Create Coupon' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create Coupon' });
      await dialog.getByRole('option', { name: 'TypeScript Deep Dive' }).waitFor({ state: 'attached' });
      await dialog.getByRole('button', { name: 'Create Coupon' }).click();
      await dialog.getByText('Course is required').waitFor();
      await expectAccessible(page, 'educator coupons, create dialog with errors');

      await dialog.getByLabel('Course').selectOption({ label: 'TypeScript Deep Dive' });
      await dialog.getByLabel('Code').fill(`AXE${width.toUpperCase()}`);
      await dialog.getByLabel('Percent off').fill('10');
      await dialog.getByRole('button', { name: 'Create Coupon' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // A table row from md up, a card on phones.
      await page.getByText(`AXE${width.toUpperCase()}`).first().waitFor();
      await expectAccessible(page, 'educator coupons, with a coupon');
    });

    it('edit course, with the lecture dialog, a refused lecture and the My Courses confirmation', async () => {
      await page.goto(`${shell}/educator/my-courses`);
      await page.getByRole('row').nth(1).waitFor();
      await page
        .getByRole('link', { name: /^Edit '/ })
        .first()
        .click();
      await heading(page, 'Edit Course');
      await page.locator('.ed-chapter').first().waitFor();
      await expectAccessible(page, 'edit course');

      await page
        .getByRole('button', { name: /^Edit lecture / })
        .first()
        .click();
      const modal = page.getByRole('dialog', { name: 'Edit Lecture' });
      await modal.getByLabel('Lecture URL').fill('not a url');
      await modal.getByRole('button', { name: 'Save' }).click();
      await modal.getByRole('alert').first().waitFor();
      await expectAccessible(page, 'edit course, lecture dialog with a refused link');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });

      await page.goto(`${shell}/educator/my-courses`);
      await page.getByRole('row').nth(1).waitFor();
      await page
        .getByRole('button', { name: /^Unpublish '/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Unpublish this course?' }).waitFor();
      await expectAccessible(page, 'my courses, unpublish confirmation');
      await page
        .getByRole('dialog', { name: 'Unpublish this course?' })
        .getByRole('button', { name: 'Cancel' })
        .click();
    });

    it('the admin area, as an educator (access denied)', async () => {
      await page.goto(`${shell}/admin`);
      await heading(page, 'Access Denied');
      await expectAccessible(page, 'admin, as an educator');
    });
  });

  describe('an admin', () => {
    let page: Page;
    beforeAll(async () => {
      page = await signedInPage(DEMO.admin, viewport);
    });

    it('each tab of the admin dashboard', async () => {
      await page.goto(`${shell}/admin`);
      await heading(page, 'Admin Dashboard');
      await page.getByRole('tab', { name: 'Educator Requests' }).waitFor();
      await page.getByRole('tabpanel').first().waitFor();
      await expectAccessible(page, 'admin, requests tab');

      await page.getByRole('tab', { name: 'Admin Emails' }).click();
      await page.getByText(DEMO.admin).first().waitFor();
      await expectAccessible(page, 'admin, admin e-mails tab');

      await page.getByRole('tab', { name: 'Purchases' }).click();
      await page.getByRole('button', { name: 'Refund' }).first().waitFor();
      await expectAccessible(page, 'admin, purchases tab');

      await page.getByRole('tab', { name: 'Reviews' }).click();
      await page.getByRole('list', { name: 'Reviews' }).or(page.getByText('No reviews yet')).waitFor();
      await expectAccessible(page, 'admin, reviews tab');
      const hide = page.getByRole('button', { name: /^Hide / }).first();
      if (await hide.isVisible()) {
        await hide.click();
        const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
        await dialog.getByRole('button', { name: 'Hide review' }).click();
        await dialog.getByRole('alert').waitFor();
        await expectAccessible(page, 'admin, hide review dialog with its error');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }

      await page.getByRole('tab', { name: 'Categories' }).click();
      await page
        .getByRole('heading', { name: /^Categories \(\d+\)$/ })
        .or(page.getByText('No categories yet.'))
        .waitFor();
      await expectAccessible(page, 'admin, categories tab');
      const rename = page.getByRole('button', { name: /^Rename / }).first();
      if (await rename.isVisible()) {
        await rename.click();
        const dialog = page.getByRole('dialog', { name: 'Rename category' });
        await dialog.getByLabel('Category name').waitFor();
        await expectAccessible(page, 'admin, rename category dialog');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.getByRole('tab', { name: 'Releases' }).click();
      await page.getByRole('heading', { name: 'Portal releases' }).waitFor();
      await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
      await page.getByLabel('New storefront version').waitFor();
      await expectAccessible(page, 'admin, releases tab');
    });

    it('home as an admin', async () => {
      await page.goto(shell);
      await profileShown(page);
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
      await expectAccessible(page, 'home, as an admin');
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
