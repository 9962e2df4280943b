import type { PortalName } from '@courseport/contracts/platform';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import {
  fillPattern,
  findings,
  type GalleryRoute,
  type InspectOptions,
  inspectPage,
  type ParameterValues,
  type Role,
  reachProblems,
  registryPatterns,
  slugOf,
  writeSummary,
} from '../support/gallery';
import { outboxLink } from '../support/mail';
import { type Platform, startTestPlatform } from '../support/platform';
import { DEMO, DEMO_PASSWORD, openSignInDialog, signInThroughUi } from '../support/session';

// The screen gallery (issue #30; it grew out of issue #16's accessibility pass). Every route of the
// platform registry — the shell's pages, every portal's routes, the educator portal's own sub-routes
// — is opened as each role that can see it (a signed-out visitor, a student, an educator, an admin),
// at 1280 and 390 px, and so are the dialogs, previews and tabs a user opens on them. Each screen
// fails on a serious or critical axe violation, on scrolling sideways, and on a button or link that
// cannot be brought into view by scrolling up and down (one beyond a table's visible width counts:
// see `outOfReach` in support/gallery.ts). Screenshots: e2e/screenshots/gallery/<role>-<slug>-<width>.png,
// with findings.txt beside them. One context per role and width; every screen's findings are
// reported (soft assertions), naming the screen, role, width and element.

let platform: Platform;
let browser: Browser;
let shell: string;
/** A published course with a free-preview lecture, and its chapter holding it. */
let preview: { courseId: string; chapterTitle: string; lectureTitle: string; educatorId: string };
/** The route parameters, filled with real ids from the API. */
let parameters: ParameterValues;
/** The student's course for the player: enrolled, with lectures still to watch. */
let playerCourseId: string;
const contexts: BrowserContext[] = [];

interface CatalogCourse {
  _id: string;
  courseTitle: string;
  educator: { _id: string } | null;
  courseContent?: Array<{
    chapterTitle: string;
    chapterContent: Array<{
      lectureId: string;
      lectureTitle: string;
      isPreviewFree?: boolean;
      lectureUrl?: string;
      lessonKind?: string;
    }>;
  }>;
}

async function api<T>(pathname: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${shell}/api${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const signInApi = async (email: string) =>
  (await api<{ token: string }>('/auth/sign-in', { body: { email, password: DEMO_PASSWORD } })).token;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  shell = platform.urls.shell;
  // The ids come from the API, as the portals get them.
  const { courses } = await api<{ courses: CatalogCourse[] }>('/course/all');
  for (const { _id } of courses) {
    const { courseData } = await api<{ courseData: CatalogCourse }>(`/course/${_id}`);
    for (const chapter of courseData.courseContent ?? []) {
      const lecture = chapter.chapterContent.find((l) => l.isPreviewFree && l.lectureUrl);
      if (lecture && !preview && courseData.educator) {
        preview = {
          courseId: _id,
          chapterTitle: chapter.chapterTitle,
          lectureTitle: lecture.lectureTitle,
          educatorId: courseData.educator._id,
        };
      }
    }
  }
  if (!preview) throw new Error('No course with a free-preview lecture in the demo catalog');

  // The student's enrolled courses: one for the player, and one completed, for a real certificate.
  const student = await signInApi(DEMO.student);
  const { enrolledCourses } = await api<{ enrolledCourses: Array<{ _id: string }> }>('/user/enrolled-courses', {
    token: student,
  });
  // The one to complete has only videos and articles: a quiz or a project is completed otherwise (#32).
  const gated = async (courseId: string) => {
    const { courseData } = await api<{ courseData: CatalogCourse }>(`/course/${courseId}`, { token: student });
    return (courseData.courseContent ?? []).some((c) =>
      c.chapterContent.some((l) => l.lessonKind === 'quiz' || l.lessonKind === 'project'),
    );
  };
  const withGated = await Promise.all(enrolledCourses.map((c) => gated(c._id)));
  const forPlayer = enrolledCourses.find((_, i) => withGated[i]) ?? enrolledCourses[0];
  const toComplete = enrolledCourses.find((c, i) => !withGated[i] && c._id !== forPlayer?._id);
  if (!forPlayer) throw new Error('The demo student is enrolled in no course');
  playerCourseId = forPlayer._id;
  let certificateId = 'AAAAAAAAAAAAAAAAAAAAAA';
  if (toComplete) {
    const { courseData } = await api<{ courseData: CatalogCourse }>(`/course/${toComplete._id}`, { token: student });
    for (const lecture of (courseData.courseContent ?? []).flatMap((c) => c.chapterContent)) {
      await api('/user/update-course-progress', {
        token: student,
        body: { courseId: toComplete._id, lectureId: lecture.lectureId },
      });
    }
    const mine = await api<{ certificate: { id: string } }>(`/user/certificates/${toComplete._id}`, { token: student });
    certificateId = mine.certificate.id;
  }

  // Two courses on the student's wishlist, so the wishlist is shown with its cards.
  const enrolledIds = new Set(enrolledCourses.map((c) => c._id));
  for (const course of courses.filter((c) => !enrolledIds.has(c._id)).slice(0, 2)) {
    const res = await fetch(`${shell}/api/user/wishlist/${course._id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${student}` },
    });
    if (!res.ok) throw new Error(`Saving to the wishlist: ${res.status} ${await res.text()}`);
  }

  // The student asks to teach: the admin's first tab has a pending request with its actions, and the
  // student's Educator toggle shows it pending.
  await api('/user/request-educator', { token: student, body: {} });

  // The educator edits a course of their own.
  const educator = await signInApi(DEMO.educator);
  const own = await api<{ courses: Array<{ _id: string }> }>('/educator/courses', { token: educator });
  if (!own.courses[0]) throw new Error('The demo educator has no course');

  parameters = {
    byRoute: {
      '/course/:id': { id: preview.courseId },
      '/instructor/:id': { id: preview.educatorId },
      '/certificate/:id': { id: certificateId },
      '/course-list/:input': { input: 'java' },
      // The payment-return page, sent back to the student's enrollments.
      '/loading/:path': { path: 'my-enrollments' },
    },
    byOwner: { educator: { courseId: own.courses[0]._id, id: own.courses[0]._id } },
    byName: { courseId: playerCourseId },
  };
}, 120_000);

afterAll(async () => {
  const summary = await writeSummary();
  if (findings.length > 0) console.log(summary);
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await platform?.stop();
});

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** The registry's routes, their parameters filled (after `beforeAll`, which finds the ids). */
const galleryRoutes = (): GalleryRoute[] =>
  registryPatterns().map((route) => ({
    ...route,
    url: fillPattern(route.pattern, route.owner, parameters),
    slug: slugOf(route.pattern),
  }));

/**
 * Who is shown each route. 'page': the role sees it (for a signed-out visitor, a signed-in page's
 * "please sign in" state); 'refused': the role is turned away (the admin's Access Denied; the
 * educator area sends anyone else home), shown once, on the portal's first route. The public pages are shown
 * as the visitor, and to every signed-in role on home only, where their navigation bars differ (the
 * student's signed-in course page is the coupon state below): the suite's time goes to screens that
 * differ. The learner pages are the student's. A portal added to the registry needs its line here.
 */
function visitOf(route: GalleryRoute, role: Role, first: boolean): 'page' | 'refused' | null {
  const owner: PortalName | 'shell' = route.owner;
  switch (owner) {
    case 'shell':
      return role === 'visitor' ? 'page' : null;
    case 'storefront':
      return role === 'visitor' || route.pattern === '/' ? 'page' : null;
    case 'learner':
      return role === 'visitor' || role === 'student' ? 'page' : null;
    case 'educator':
      if (role === 'educator') return 'page';
      return (role === 'visitor' || role === 'student') && first ? 'refused' : null;
    case 'admin':
      // Every tab refuses the same way: Access Denied is shown on the first one.
      return role === 'admin' ? 'page' : first ? 'refused' : null;
    default:
      throw new Error(`Who sees the ${String(owner)} portal? Add it to the gallery's visitOf`);
  }
}

/**
 * What each route shows once it is ready, where the gallery knows more than "its heading is there":
 * keyed by pattern; a route missing here waits for its first heading.
 */
const READY: Record<string, (page: Page, role: Role) => Promise<void>> = {
  '/': async (page) => {
    await page.getByRole('complementary', { name: 'Demo notice' }).waitFor();
    await page.getByRole('link', { name: /./ }).first().waitFor();
    await page.locator('.sf-course-card, [data-course-id]').first().waitFor();
  },
  '/course-list': async (page) => {
    await heading(page, 'Course List');
    await page.locator('.sf-course-card, [data-course-id]').first().waitFor();
  },
  '/course-list/:input': (page) => page.getByText('Java Programming Masterclass').first().waitFor(),
  '/course/:id': (page, role) =>
    role === 'visitor'
      ? page.getByRole('button', { name: 'Enroll Now' }).waitFor()
      : page.getByRole('heading', { level: 1 }).first().waitFor(),
  '/instructor/:id': (page) => page.getByRole('heading', { level: 2, name: /^Courses by / }).waitFor(),
  '/certificate/:id': (page) =>
    page
      .getByRole('heading', { name: 'Certificate of completion' })
      .or(page.getByText('Certificate not found'))
      .waitFor(),
  '/my-enrollments': async (page, role) => {
    if (role === 'visitor') return page.getByText('Please sign in to see your enrollments').waitFor();
    await heading(page, 'My Enrollments');
    await page.getByText('Java Programming Masterclass').first().waitFor();
  },
  '/player/:courseId': async (page, role) => {
    if (role === 'visitor') return page.getByText('Please sign in to watch this course').waitFor();
    await page.getByText('Course Structure').waitFor();
    await page.getByText('Rate this Course:').waitFor();
  },
  '/loading/:path': (page) => page.getByText('Purchase ID not found').waitFor(),
  '/purchase-history': async (page, role) => {
    if (role === 'visitor') return page.getByText('Please sign in to see your purchase history').waitFor();
    await heading(page, 'Purchase history');
    await page.getByText('Java Programming Masterclass').first().waitFor();
  },
  '/wishlist': async (page, role) => {
    if (role === 'visitor') return page.getByText('Please sign in to see your wishlist').waitFor();
    await heading(page, 'Wishlist');
    await page.getByRole('list', { name: 'Saved courses' }).waitFor();
  },
  '/reset-password': (page) => page.getByText('This reset link is invalid or has expired.').waitFor(),
  '/confirm-email': (page) => page.getByText('This confirmation link is invalid or has expired.').waitFor(),
  // The admin dashboard's tabs, each an address of its own.
  '/admin': async (page) => {
    await adminTab(page, 'Educator Requests');
    await page
      .getByRole('button', { name: /^Approve the request from / })
      .first()
      .waitFor();
  },
  '/admin/emails': async (page) => {
    await adminTab(page, 'Admin Emails');
    await page.getByText(DEMO.admin).first().waitFor();
  },
  '/admin/purchases': async (page) => {
    await adminTab(page, 'Purchases');
    await page.getByRole('button', { name: 'Refund' }).first().waitFor();
  },
  '/admin/reviews': async (page) => {
    await adminTab(page, 'Reviews');
    await page.getByRole('list', { name: 'Reviews' }).or(page.getByText('No reviews yet')).waitFor();
  },
  '/admin/categories': async (page) => {
    await adminTab(page, 'Categories');
    await page
      .getByRole('heading', { name: /^Categories \(\d+\)$/ })
      .or(page.getByText('No categories yet.'))
      .waitFor();
  },
  '/admin/releases': async (page) => {
    await adminTab(page, 'Releases');
    await page.getByRole('heading', { name: 'Portal releases' }).waitFor();
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await page.getByLabel('New storefront version').waitFor();
  },
  '/educator': async (page) => {
    await page.getByText('Latest Enrollments').waitFor();
    await page.getByRole('table').first().waitFor();
  },
  '/educator/add-course': async (page) => {
    await page.getByLabel('Course Title').waitFor();
    await page.getByRole('button', { name: '+ Add Chapter' }).waitFor();
  },
  // A table row or, on a phone, a card: each course's Edit link is there either way.
  '/educator/my-courses': (page) =>
    page
      .getByRole('link', { name: /^Edit '/ })
      .first()
      .waitFor(),
  '/educator/student-enrolled': (page) => page.getByRole('row').nth(1).waitFor(),
  '/educator/courses/:courseId/edit': async (page) => {
    await heading(page, 'Edit Course');
    await page.locator('.ed-chapter').first().waitFor();
  },
  '/educator/coupons': async (page) => {
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await page.getByRole('button', { name: 'Create Coupon' }).first().waitFor();
  },
  '/educator/profile': async (page) => {
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByLabel('About you').waitFor();
  },
  // #36: the totals (or a new educator's empty state) drawn from the data; the charts fill in after.
  '/educator/analytics': async (page) => {
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByRole('list', { name: 'Totals for this period' }).or(page.getByText('No analytics yet')).waitFor();
  },
  '/educator/reviews': async (page) => {
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    await page
      .getByRole('list', { name: 'Reviews of your courses' })
      .or(page.getByText('No reviews of your courses yet'))
      .waitFor();
  },
};

describe('the gallery itself', () => {
  it('derives its routes from the registry and knows what each known one shows', () => {
    const patterns = registryPatterns().map((r) => r.pattern);
    // The educator portal's sub-routes come from its own paths, parameters named.
    expect(patterns).toContain('/educator/my-courses');
    expect(patterns).toContain('/educator/courses/:courseId/edit');
    expect(patterns).not.toContain('/educator/*');
    expect(patterns).toContain('/reset-password');
    // A route that left the registry leaves no stale entry behind.
    expect(Object.keys(READY).filter((p) => !patterns.includes(p))).toEqual([]);
    expect(slugOf('/')).toBe('home');
    expect(slugOf('/educator/courses/:courseId/edit')).toBe('educator-courses-courseid-edit');
  });

  it('tells a control out of reach from one merely scrolled to, clamped, or shown on focus', async () => {
    const page = await newPage({ width: 390, height: 600 });
    await page.setContent(`<!doctype html><html><style>#skip { position: absolute; top: 8px; transform: translateY(-200%) } #skip:focus { transform: none }</style><body style="margin:0">
      <a href="#main" id="skip">Skip</a>
      <div style="overflow-x:auto"><table><tr>
        <td style="min-width:500px">A long course title</td><td><button>Edit far right</button></td>
      </tr></table></div>
      <div style="overflow:hidden;width:200px"><button style="margin-left:240px">Clipped away</button></div>
      <h3 style="overflow:hidden;max-height:1.2em;width:200px"><a href="/c">A title clamped to one line of two</a></h3>
      <div style="display:none"><button>In a closed menu</button></div>
      <div style="height:2000px"></div><button>Far down the page</button>
      <div style="overflow-y:auto;height:40px"><div style="height:400px"></div><a href="/d">At a scroller's bottom</a></div>
      <div style="position:fixed;inset:0 0 auto 0;height:600px;overflow-y:auto"><div style="height:900px"></div><button>A long dialog's Save</button></div>
      <div style="position:fixed;left:0;top:700px"><button>Fixed below the screen</button></div>
    </body></html>`);
    const problems = await reachProblems(page);
    expect(problems).toEqual([
      expect.stringMatching(/^out of reach, only seen by scrolling div sideways: <button> "Edit far right"$/),
      expect.stringMatching(/^out of reach, hidden sideways by div: <button> "Clipped away" \(x 240–/),
      expect.stringMatching(/^out of reach, fixed outside the screen: <button> "Fixed below the screen"/),
    ]);
  });
});

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

/**
 * The signed-in user's profile has arrived: the navigation bar's Student toggle (every demo account
 * is a student) is pressed. Until then the toggles change colour, and a contrast check could catch
 * them half-way through that transition.
 */
const profileShown = (page: Page) =>
  page.getByRole('group', { name: 'Your roles' }).getByRole('button', { name: 'Student', pressed: true }).waitFor();

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();

/** One role at one width: its page, and the screen checker that names them in every finding. */
interface Viewer {
  page: Page;
  role: Role;
  width: number;
}

/**
 * Checks the screen shown now (see `inspectPage`) and saves it as `<role>-<slug>-<width>.png`; every
 * problem is a soft failure naming the screen, role and width.
 */
async function check(viewer: Viewer, slug: string, what: string, options: InspectOptions = {}) {
  // A state (`<route>--<state>`) is pictured as the user sees it then: the screen, where the action was.
  const fullPage = !slug.includes('--') && options.fullPage !== false;
  const problems = await inspectPage(
    viewer.page,
    { role: viewer.role, slug, width: viewer.width },
    { ...options, fullPage },
  );
  const where = `${what} (${viewer.page.url().replace(shell, '') || '/'}) as ${viewer.role} at ${viewer.width}px`;
  if (problems.length > 0) findings.push({ where, problems });
  // The message lists every problem, one a line; the count is what is compared.
  expect.soft(problems.length, [where, ...problems.map((p) => `  - ${p}`)].join('\n')).toBe(0);
}

/** Opens every route the role is shown, waits for what it shows, and checks it. */
async function visitEveryRoute(viewer: Viewer) {
  const { page, role } = viewer;
  const seenOwners = new Set<string>();
  for (const route of galleryRoutes()) {
    const first = !seenOwners.has(route.owner);
    seenOwners.add(route.owner);
    const visit = visitOf(route, role, first);
    if (!visit) continue;
    await page.goto(`${shell}${route.url}`);
    if (visit === 'refused' && route.guard) {
      // The shell sends whoever the guard refuses home.
      await page.waitForURL(`${shell}/`);
      await page.getByRole('complementary', { name: 'Demo notice' }).waitFor();
      if (role !== 'visitor') await profileShown(page);
      await check(viewer, `${route.slug}-refused`, `${route.pattern}, refused (sent home)`, { fullPage: false });
      continue;
    }
    if (role !== 'visitor' && route.navBar !== false) await profileShown(page);
    if (visit === 'refused') {
      await heading(page, 'Access Denied');
      await check(viewer, `${route.slug}-refused`, `${route.pattern}, refused (access denied)`);
      continue;
    }
    const ready = READY[route.pattern];
    if (ready) await ready(page, role);
    else await page.getByRole('heading').first().waitFor();
    await check(viewer, route.slug, route.pattern);
  }
}

describe.each(WIDTHS)('every screen at $name width', ({ name: widthName, viewport }) => {
  const width = viewport.width;

  describe('a signed-out visitor', () => {
    let v: Viewer;
    beforeAll(async () => {
      v = { page: await newPage(viewport), role: 'visitor', width };
    });

    it('every route of the registry', () => visitEveryRoute(v), 90_000);

    it('a search that finds nothing, a free preview playing, unknown course and instructor', async () => {
      const { page } = v;
      await page.goto(`${shell}/course-list/no-such-course-anywhere`);
      await page
        .getByText(/no course/i)
        .first()
        .waitFor();
      await check(v, 'course-list-input--nothing-found', 'course list searched, nothing found');

      await page.goto(`${shell}/course/${preview.courseId}`);
      await page.getByRole('button', { name: 'Enroll Now' }).waitFor();
      await page.getByRole('button', { name: new RegExp(escapeRegExp(preview.chapterTitle)) }).click();
      await page.getByRole('button', { name: `Preview ${preview.lectureTitle}` }).click();
      await page.getByRole('button', { name: 'Close preview' }).waitFor();
      await check(v, 'course-id--preview-chosen', 'course details, free preview chosen');
      await page.getByRole('button', { name: 'Play video' }).click();
      await page.locator('iframe[data-video-id]').waitFor();
      await check(v, 'course-id--preview-playing', 'course details, free preview playing');

      await page.goto(`${shell}/course/000000000000000000000000`);
      await page
        .getByText(/not found|could not/i)
        .first()
        .waitFor();
      await check(v, 'course-id--unknown', 'course details of an unknown course');

      // The course page's "by" link leads to its instructor.
      await page.goto(`${shell}/course/${preview.courseId}`);
      await page.locator('.sf-course-by a').click();
      await page.getByRole('heading', { level: 2, name: /^Courses by / }).waitFor();
      await page.goto(`${shell}/instructor/nobody`);
      await page.getByText('Instructor not found').first().waitFor();
      await check(v, 'instructor-id--unknown', 'instructor page of nobody');
    }, 60_000);

    it('the shell pages with a token, and page not found', async () => {
      const { page } = v;
      await page.goto(`${shell}/reset-password?token=${'a'.repeat(43)}`);
      await page.getByLabel('New password', { exact: true }).waitFor();
      await check(v, 'reset-password--token', 'reset password, with a token');
      await page.goto(`${shell}/confirm-email?token=${'a'.repeat(43)}`);
      await page.getByRole('button', { name: 'Confirm my email address' }).waitFor();
      await check(v, 'confirm-email--token', 'confirm e-mail, with a token');

      await page.goto(`${shell}/no/such/page`);
      await heading(page, /not found/i);
      await check(v, 'page-not-found', 'page not found');
    });

    it('the sign-in dialog, its tabs, the inbox notice and the role dialog', async () => {
      const { page } = v;
      await page.goto(shell);
      const signIn = await openSignInDialog(page);
      await signIn.getByLabel('Email address').waitFor();
      await check(v, 'home--sign-in', 'sign-in dialog');
      await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
      await signIn.getByText('Please enter your email address').waitFor();
      await check(v, 'home--sign-in-empty', 'sign-in dialog, empty form submitted');
      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: /send/i }).waitFor();
      await check(v, 'home--forgot-password', 'forgot-password dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Create Account' }).click();
      const signUp = page.getByRole('dialog', { name: 'Create your account' });
      await signUp.getByLabel('Full name').waitFor();
      await check(v, 'home--create-account', 'create-account dialog');
      const email = `new-${widthName}@example.com`;
      await signUp.getByLabel('Full name').fill('Nora New');
      await signUp.getByLabel('Email address').fill(email);
      await signUp.getByLabel('Password').fill('a long password');
      await signUp.getByRole('button', { name: 'Create account', exact: true }).click();
      await page.getByRole('dialog', { name: 'Check your inbox' }).getByText(email).waitFor();
      await check(v, 'home--check-inbox', 'check-your-inbox dialog');

      // The mail's link opens the confirm page, whose button signs the new user in; with no profile
      // yet, the role dialog asks.
      const newcomer: Viewer = { page: await newPage(viewport), role: 'visitor', width };
      await newcomer.page.goto(await outboxLink(platform.urls.api, email));
      await newcomer.page.getByRole('button', { name: 'Confirm my email address' }).click();
      const roles = newcomer.page.getByRole('dialog', { name: 'Choose Your Roles' });
      await roles.getByText('Learn from courses and track your progress').waitFor();
      await check(newcomer, 'confirm-email--role-dialog', 'role dialog');
    }, 60_000);
  });

  describe('a student', () => {
    let v: Viewer;
    beforeAll(async () => {
      v = { page: await signedInPage(DEMO.student, viewport), role: 'student', width };
    });

    it('every route of the registry', () => visitEveryRoute(v), 90_000);

    it('the account menu and the change-password dialog', async () => {
      const { page } = v;
      await page.goto(shell);
      await profileShown(page);
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('menu').waitFor();
      await check(v, 'home--account-menu', 'account menu open');
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      await page.getByRole('dialog', { name: 'Change password' }).waitFor();
      await check(v, 'home--change-password', 'change-password dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });

    it("a course page's 'Have a coupon?' form, refusing a code", async () => {
      const { page } = v;
      const { courses } = await api<{ courses: CatalogCourse[] }>('/course/all');
      const course = courses.find((c) => c.courseTitle === 'TypeScript Deep Dive');
      await page.goto(`${shell}/course/${course?._id}`);
      await profileShown(page);
      await page.getByRole('button', { name: 'Have a coupon?' }).click();
      await page.getByLabel('Coupon code').fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('alert').filter({ hasText: 'Coupon not found' }).waitFor();
      await check(v, 'course-id--coupon-refused', 'course page, coupon refused');
    });

    it('the player with a lecture playing, and a course not enrolled in', async () => {
      const { page } = v;
      await page.goto(`${shell}/player/${playerCourseId}`);
      await profileShown(page);
      await page.getByText('Course Structure').waitFor();
      await page
        .getByRole('button', { name: /^Watch / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Mark Complete' }).waitFor();
      await check(v, 'player-courseid--lecture-playing', 'player, a lecture playing');

      await page.goto(`${shell}/player/000000000000000000000000`);
      await profileShown(page);
      await page.getByText('You are not enrolled in this course').waitFor();
      await check(v, 'player-courseid--not-enrolled', 'player, not enrolled');
    });

    it('the payment-return page, verifying and done', async () => {
      const { page } = v;
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
      // While the verify call is held: 'Verifying…', or 'Processing…' once the session is known.
      await page.getByText(/^(Verifying|Processing) your payment\.\.\.$/).waitFor();
      await check(v, 'loading-path--verifying', 'payment return, verifying');
      release();
      await page.getByText('Redirecting you shortly...').waitFor();
      // It is on its way elsewhere: axe only.
      await check(v, 'loading-path--done', 'payment return, done', { axeOnly: true });
      await page.unroute('**/api/user/verify-payment');
    });
  });

  describe('an educator', () => {
    let v: Viewer;
    beforeAll(async () => {
      v = { page: await signedInPage(DEMO.educator, viewport), role: 'educator', width };
    });

    it('every route of the registry', () => visitEveryRoute(v), 90_000);

    it('add course, with the chapter and lecture dialogs', async () => {
      const { page } = v;
      await page.goto(`${shell}/educator/add-course`);
      await page.getByRole('button', { name: '+ Add Chapter' }).click();
      await page.getByLabel('Enter Chapter Name:').waitFor();
      await check(v, 'educator-add-course--chapter-dialog', 'add course, chapter dialog');
      await page.getByLabel('Enter Chapter Name:').fill('Getting started');
      await page.getByRole('button', { name: 'OK' }).click();
      await page.getByText('Getting started').first().waitFor();
      await check(v, 'educator-add-course--a-chapter', 'add course, with a chapter');

      await page.getByRole('button', { name: '+ Add Lecture' }).first().click();
      const modal = page.getByRole('dialog', { name: 'Add Lecture' });
      await modal.getByLabel('Lecture Title').waitFor();
      await check(v, 'educator-add-course--lecture-dialog', 'add course, lecture dialog');
      await modal.getByLabel('Lecture Title').fill('Hello');
      await modal.getByLabel('Duration (minutes)').fill('5');
      await modal.getByLabel('Lecture URL').fill('https://youtu.be/dQw4w9WgXcQ');
      await modal.getByText('Is Preview Free?').click();
      await modal.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Free Preview').waitFor();
      await check(v, 'educator-add-course--a-lecture', 'add course, with a lecture');
    });

    it('profile with a bio too long, and the reviews reply form', async () => {
      const { page } = v;
      await page.goto(`${shell}/educator/profile`);
      await page.getByLabel('About you').fill('x'.repeat(601));
      await page.getByRole('alert').filter({ hasText: 'at most 600' }).waitFor();
      await check(v, 'educator-profile--bio-too-long', 'educator profile, bio too long');

      await page.goto(`${shell}/educator/reviews`);
      await READY['/educator/reviews']?.(page, 'educator');
      const reply = page.getByRole('button', { name: /^Reply to / }).first();
      if (await reply.isVisible()) {
        await reply.click();
        await page.getByLabel('Your reply').waitFor();
        await check(v, 'educator-reviews--reply-form', 'educator reviews, reply form');
        await page.getByRole('button', { name: 'Cancel' }).click();
      }
    });

    it('coupons: the create dialog with its errors, one created', async () => {
      const { page } = v;
      await page.goto(`${shell}/educator/coupons`);
      await page.getByRole('button', { name: 'Create Coupon' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create Coupon' });
      await dialog.getByRole('option', { name: 'TypeScript Deep Dive' }).waitFor({ state: 'attached' });
      await dialog.getByRole('button', { name: 'Create Coupon' }).click();
      await dialog.getByText('Course is required').waitFor();
      await check(v, 'educator-coupons--create-errors', 'educator coupons, create dialog with errors');

      const code = `GALLERY${widthName.toUpperCase()}`;
      await dialog.getByLabel('Course').selectOption({ label: 'TypeScript Deep Dive' });
      await dialog.getByLabel('Code').fill(code);
      await dialog.getByLabel('Percent off').fill('10');
      await dialog.getByRole('button', { name: 'Create Coupon' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // A table row from md up, a card on phones.
      await page.getByText(code).first().waitFor();
      await check(v, 'educator-coupons--a-coupon', 'educator coupons, with a coupon');
    });

    it('edit course from My Courses, with a refused lecture, and the unpublish confirmation', async () => {
      const { page } = v;
      await page.goto(`${shell}/educator/my-courses`);
      await page
        .getByRole('link', { name: /^Edit '/ })
        .first()
        .click();
      await heading(page, 'Edit Course');
      await page.locator('.ed-chapter').first().waitFor();
      await page
        .getByRole('button', { name: /^Edit lecture / })
        .first()
        .click();
      const modal = page.getByRole('dialog', { name: 'Edit Lecture' });
      await modal.getByLabel('Lecture URL').fill('not a url');
      await modal.getByRole('button', { name: 'Save' }).click();
      await modal.getByRole('alert').first().waitFor();
      await check(v, 'educator-courses-courseid-edit--refused-lecture', 'edit course, lecture dialog, a refused link');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });

      await page.goto(`${shell}/educator/my-courses`);
      await page
        .getByRole('button', { name: /^Unpublish '/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Unpublish this course?' }).waitFor();
      await check(v, 'educator-my-courses--unpublish', 'my courses, unpublish confirmation');
      await page
        .getByRole('dialog', { name: 'Unpublish this course?' })
        .getByRole('button', { name: 'Cancel' })
        .click();
    });
  });

  describe('an admin', () => {
    let v: Viewer;
    beforeAll(async () => {
      v = { page: await signedInPage(DEMO.admin, viewport), role: 'admin', width };
    });

    it('every route of the registry', () => visitEveryRoute(v), 90_000);

    it("the admin dashboard's dialogs", async () => {
      const { page } = v;
      await page.goto(`${shell}/admin`);
      await READY['/admin']?.(page, 'admin');
      await page
        .getByRole('button', { name: /^Reject the request from / })
        .first()
        .click();
      const reject = page.getByRole('dialog', { name: 'Reject Educator Request' });
      await reject.getByLabel('Rejection reason').waitFor();
      await check(v, 'admin--reject-dialog', 'admin, reject educator request dialog');
      await reject.getByRole('button', { name: 'Cancel' }).click();
      await reject.waitFor({ state: 'hidden' });

      await page.goto(`${shell}/admin/reviews`);
      await READY['/admin/reviews']?.(page, 'admin');
      const hide = page.getByRole('button', { name: /^Hide / }).first();
      if (await hide.isVisible()) {
        await hide.click();
        const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
        await dialog.getByRole('button', { name: 'Hide review' }).click();
        await dialog.getByRole('alert').waitFor();
        await check(v, 'admin-reviews--hide-dialog', 'admin, hide review dialog with its error');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }

      await page.goto(`${shell}/admin/categories`);
      await READY['/admin/categories']?.(page, 'admin');
      const rename = page.getByRole('button', { name: /^Rename / }).first();
      if (await rename.isVisible()) {
        await rename.click();
        const dialog = page.getByRole('dialog', { name: 'Rename category' });
        await dialog.getByLabel('Category name').waitFor();
        await check(v, 'admin-categories--rename-dialog', 'admin, rename category dialog');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
    }, 60_000);
  });
});

/** The admin dashboard with `tab` chosen, and its panel shown. */
async function adminTab(page: Page, tab: string) {
  await heading(page, 'Admin Dashboard');
  await page.getByRole('tab', { name: tab, selected: true }).waitFor();
  await page.getByRole('tabpanel').first().waitFor();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
