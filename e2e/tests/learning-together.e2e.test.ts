/**
 * #35's journey, as the issue words it, each person in their own browser: the demo student (A) asks
 * on a lesson in the player; a second student (B), who signs up, confirms the mail and buys the
 * course here, answers in the player; the demo educator answers from the Q&A inbox with the
 * Instructor mark; A, whose page is left open and never reloaded, sees the bell's count rise and
 * the answers in its list, follows one and accepts the educator's answer, and gets the answer's
 * mail (a real SMTP server) with its link. Then an announcement the educator posts reaches a
 * student, and a note taken at 0:42 seeks back to 0:42. axe at 1280 and 390 px on every screen
 * shown, with screenshots.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type ReceivedMail, startSmtpServer } from '../support/mail';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { apiToken, DEMO, signedInContext } from '../support/session';
import { pauseVideo, playTo, standInPlayers, useYouTubeStandIn } from '../support/youtube-stand-in';

const QUESTION = 'Does this work on Windows too?';
const CLASSMATE = { name: 'Bea Classmate', email: 'bea.classmate@example.com', password: 'a long password' };
const FROM_CLASSMATE = 'Yes: I use PowerShell, and WSL for the shell scripts.';
const FROM_EDUCATOR = 'It does. Every command has a Windows version in the resources.';
const ANNOUNCEMENT = 'Windows notes added to the resources';

let platform: Platform;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** A (the demo student), B (the new classmate) and the demo educator, each in their own context. */
let asker: BrowserContext;
let classmate: BrowserContext;
let educator: BrowserContext;
/** A's page: opened once, never reloaded. */
let page: Page;

/** What the steps hand on to each other. */
const journey = { courseId: '', courseTitle: '', lectureId: '', questionId: '', unreadBefore: 0 };

beforeAll(async () => {
  smtp = await startSmtpServer();
  [platform, browser] = await Promise.all([
    // Mail as in production: through SMTP, a burst's later notifications waiting 15 min for one digest.
    startTestPlatform({ apiEnv: { SMTP_URL: smtp.url } }),
    launchChromium(),
  ]);
  [asker, educator] = await Promise.all([
    signedInContext(browser, platform.urls.shell, DEMO.student),
    signedInContext(browser, platform.urls.shell, DEMO.educator),
  ]);
  classmate = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await Promise.all([asker?.close(), classmate?.close(), educator?.close()]);
  await browser?.close();
  await platform?.stop();
  await smtp?.close();
});

interface Lesson {
  lectureId: string;
  lectureTitle: string;
  lectureUrl?: string;
}

async function apiGet<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${platform.urls.api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const json = await res.json();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${json.message}`);
  return json as T;
}

/** The bell's count as its name says it (0 when it says none). */
async function unreadOf(on: Page): Promise<number> {
  const name = (await on.locator('.cp-bell-button').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/**
 * Waits, without reloading, for the bell to say `count`: the tab comes back (React Query asks again
 * on the window's `visibilitychange`, as when the student returns to the tab), well before the 30 s
 * poll would.
 */
async function bellReaches(on: Page, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await on.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
        return unreadOf(on);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(count);
}

/** The page has not been loaded again since `markPage` (a reload drops the mark). */
const markPage = (on: Page) => on.evaluate(() => Object.assign(window, { __neverReloaded: true }));
const stillTheSamePage = (on: Page) => on.evaluate(() => '__neverReloaded' in window);

/** The player of the journey's lesson, on its Q&A tab. */
async function openLessonQa(on: Page): Promise<void> {
  await useYouTubeStandIn(on);
  await on.goto(`${platform.urls.shell}/player/${journey.courseId}?lecture=${journey.lectureId}`);
  await on.getByText('Course Structure').waitFor();
  await on
    .getByRole('tablist', { name: 'Questions, notes and announcements' })
    .getByRole('tab', { name: 'Q&A' })
    .click();
  await on.getByRole('button', { name: 'Ask a question' }).waitFor();
}

/** The first mail to `address` with that subject; failing, says which mails did come. */
async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  try {
    return await smtp.waitForMailTo(address, (m) => m.subject === subject);
  } catch {
    const came = smtp.received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ');
    throw new Error(`No mail to ${address} with the subject '${subject}'; received:\n  ${came}`);
  }
}

describe('learning together (#35): ask, answer, accept, be told; announcements; notes', { timeout: 120_000 }, () => {
  it('a second student signs up, confirms the mailed link and buys the course', async () => {
    const token = await apiToken(platform.urls.api, DEMO.student);
    const { enrolledCourses } = await apiGet<{
      enrolledCourses: Array<{
        _id: string;
        courseTitle: string;
        coursePrice: number;
        courseContent: Array<{ chapterContent: Lesson[] }>;
      }>;
    }>(token, '/api/user/enrolled-courses');
    // The demo student's Java course: the demo's questions, notes and announcement are there.
    const course = enrolledCourses.find((c) => /Java/.test(c.courseTitle)) ?? enrolledCourses[0];
    if (!course) throw new Error('The demo student is enrolled in nothing');
    const lesson = course.courseContent.flatMap((c) => c.chapterContent).find((l) => /youtu/.test(l.lectureUrl ?? ''));
    if (!lesson) throw new Error(`No YouTube lesson in ${course.courseTitle}`);
    Object.assign(journey, { courseId: course._id, courseTitle: course.courseTitle, lectureId: lesson.lectureId });

    const b = await classmate.newPage();
    await b.goto(platform.urls.shell);
    await b.getByRole('button', { name: 'Create Account' }).click();
    const signUp = b.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByLabel('Full name').fill(CLASSMATE.name);
    await signUp.getByLabel('Email address').fill(CLASSMATE.email);
    await signUp.getByLabel('Password').fill(CLASSMATE.password);
    await signUp.getByRole('button', { name: 'Create account', exact: true }).click();
    await b.getByRole('dialog', { name: 'Check your inbox' }).waitFor();

    const confirm = await mailTo(CLASSMATE.email, 'Confirm your Courseport e-mail address');
    const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(confirm.text)?.[0];
    if (!link) throw new Error(`No confirmation link in: ${confirm.text}`);
    await b.goto(link);
    await b.getByRole('button', { name: 'Confirm my email address' }).click();
    await b.getByRole('button', { name: `Account menu for ${CLASSMATE.name}` }).waitFor();
    const roles = b.getByRole('dialog', { name: 'Choose Your Roles' });
    await roles.getByRole('button', { name: 'Continue' }).click();
    await b.getByText('Successfully signed up with roles: student!').waitFor();

    // The course page's own checkout (the local payment stand-in).
    await b.goto(`${platform.urls.shell}/course/${journey.courseId}`);
    await b
      .getByRole('complementary', { name: 'Enroll in this course' })
      .getByRole('button', { name: 'Enroll Now' })
      .click();
    await b.waitForURL(/\/checkout\/cs_local_/);
    await b.getByRole('button', { name: /^Pay Rs / }).click();
    await b.waitForURL(`${platform.urls.shell}/my-enrollments`, { timeout: 20_000 });
    await b.getByRole('row').filter({ hasText: journey.courseTitle }).waitFor();
    await b.close();
  });

  it('the demo student asks on a lesson through the player', async () => {
    page = await asker.newPage();
    await openLessonQa(page);
    await markPage(page);
    // The demo's two announcements (seeded) are unread.
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    journey.unreadBefore = 2;
    await page.locator('.ln-qa-list, .ln-tabpanel .cp-empty').first().waitFor();
    await expectAccessible(page, "the lesson's Q&A");
    await shoot(page, 'player-qa');

    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(QUESTION);
    await page
      .getByRole('textbox', { name: 'Details (optional)' })
      .fill('I am on Windows 11.\n\nThe commands in the video look like a Mac terminal.');
    await page.getByRole('button', { name: 'Post question' }).click();
    await page.getByRole('heading', { name: QUESTION }).waitFor();

    const token = await apiToken(platform.urls.api, DEMO.student);
    const { questions } = await apiGet<{ questions: Array<{ _id: string; title: string }> }>(
      token,
      `/api/courses/${journey.courseId}/questions?lectureId=${encodeURIComponent(journey.lectureId)}&q=Windows`,
    );
    journey.questionId = questions.find((q) => q.title === QUESTION)?._id ?? '';
    expect(journey.questionId).not.toBe('');
  });

  it('the second student answers in their own browser; the asker is told without reloading', async () => {
    const b = await classmate.newPage();
    await openLessonQa(b);
    await b.getByRole('button', { name: QUESTION }).click();
    await b.getByRole('heading', { name: QUESTION }).waitFor();
    await b.getByRole('textbox', { name: 'Your answer' }).fill(FROM_CLASSMATE);
    await b.getByRole('button', { name: 'Post answer' }).click();
    const answers = b.getByRole('region', { name: 'Answers' });
    const mine = answers.getByRole('listitem').filter({ hasText: FROM_CLASSMATE });
    await mine.getByText(CLASSMATE.name, { exact: true }).waitFor();
    expect(await mine.getByText('Instructor', { exact: true }).count()).toBe(0);
    await expectAccessible(b, "the classmate's answer in the player");
    await shoot(b, 'player-qa-classmate-answer');
    await b.close();

    // A's page, as it was left: the bell counts the answer.
    await bellReaches(page, journey.unreadBefore + 1);
  });

  it('the educator answers from the Q&A inbox, marked Instructor', async () => {
    const e = await educator.newPage();
    await e.setViewportSize({ width: 1280, height: 900 });
    await e.goto(`${platform.urls.shell}/educator`);
    await e.getByRole('link', { name: 'Q&A' }).click();
    await e.waitForURL(`${platform.urls.shell}/educator/questions`);
    await e.getByRole('heading', { level: 1, name: 'Q&A' }).waitFor();
    await e.getByRole('button', { name: `Open '${QUESTION}'` }).click();
    const answers = e.getByRole('list', { name: `Answers to '${QUESTION}'` });
    await answers.getByRole('listitem').filter({ hasText: FROM_CLASSMATE }).waitFor();
    const form = e.getByRole('form', { name: `Answer '${QUESTION}'` });
    await form.getByLabel('Your answer').fill(FROM_EDUCATOR);
    await form.getByRole('button', { name: 'Post answer' }).click();
    const fromEducator = answers.getByRole('listitem').filter({ hasText: FROM_EDUCATOR });
    await fromEducator.getByText('Instructor', { exact: true }).waitFor();
    expect(
      await answers.getByRole('listitem').filter({ hasText: FROM_CLASSMATE }).getByText('Instructor').count(),
    ).toBe(0);
    // The 'Answer posted' toast leaves on its own timer: axe checks the inbox once it has gone (a
    // toast fading out mid-check reads as grey text).
    await e.waitForFunction(() => !document.querySelector('.ant-notification-notice'));
    await expectAccessible(e, "the educator's Q&A inbox with the answers");
    await shoot(e, 'educator-questions-instructor-answer');
    await e.close();
  });

  it("the asker's open page shows both answers in the bell, and the mail came with its link", async () => {
    await bellReaches(page, journey.unreadBefore + 2);
    expect(await page.locator('.cp-bell-badge').textContent()).toBe(String(journey.unreadBefore + 2));
    await page.getByRole('button', { name: `Notifications, ${journey.unreadBefore + 2} unread` }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const items = panel.getByRole('link');
    await items.first().waitFor();
    expect(await items.nth(0).textContent()).toContain(`Unread: The instructor answered "${QUESTION}"`);
    expect(await items.nth(1).textContent()).toContain(`Unread: New answer to "${QUESTION}"`);
    const questionPath = `/player/${journey.courseId}?question=${journey.questionId}`;
    expect(await items.nth(0).getAttribute('href')).toBe(questionPath);
    await expectAccessible(page, 'the bell with the answers');
    await shoot(page, 'notifications-answers');

    // The first answer's mail at once, through SMTP, linking to the question. The instructor's reply
    // came within that mail's window (15 min): it waits for the window's digest, not a mail of its own.
    const link = `${new URL(platform.urls.shell).origin}${questionPath}`;
    const mail = await mailTo(DEMO.student, `New answer to "${QUESTION}"`);
    expect(mail.text).toContain('Someone answered your question.');
    expect(mail.text).toContain(`See it on Courseport: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https?:\/\/\S+>$/);
    expect(smtp.received.filter((m) => m.to.includes(DEMO.student) && m.subject.includes('instructor'))).toEqual([]);

    // The mailed link opens the question (in another tab: the asker's page stays as it is).
    const fromMail = await asker.newPage();
    await useYouTubeStandIn(fromMail);
    await fromMail.goto(link);
    await fromMail.getByRole('heading', { name: QUESTION }).waitFor();
    await fromMail.close();
    expect(await stillTheSamePage(page)).toBe(true);
  });

  it("the asker follows the notification and accepts the educator's answer", async () => {
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByRole('link', { name: `The instructor answered "${QUESTION}"` }).click();
    await page.waitForURL(`${platform.urls.shell}/player/${journey.courseId}?question=${journey.questionId}`);
    await page.getByRole('button', { name: `Notifications, ${journey.unreadBefore + 1} unread` }).waitFor();
    const answers = page.getByRole('region', { name: 'Answers' });
    await answers.getByText('2 answers').waitFor();
    const educatorAnswer = answers.getByRole('listitem').filter({ hasText: FROM_EDUCATOR });
    await educatorAnswer.getByText('Instructor', { exact: true }).waitFor();
    await answers
      .getByRole('listitem')
      .filter({ hasText: FROM_CLASSMATE })
      .getByText(CLASSMATE.name, { exact: true })
      .waitFor();
    await educatorAnswer.getByRole('button', { name: 'Accept answer' }).click();
    await educatorAnswer.getByText('Accepted answer').waitFor();
    expect(await educatorAnswer.getByRole('button', { name: 'Accept answer' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const upvote = answers
      .getByRole('listitem')
      .filter({ hasText: FROM_CLASSMATE })
      .getByRole('button', { name: /^Upvote/ });
    await upvote.click();
    await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
    const { question } = await apiGet<{ question: { acceptedAnswerId: string | null } }>(
      await apiToken(platform.urls.api, DEMO.educator),
      `/api/questions/${journey.questionId}`,
    );
    expect(question.acceptedAnswerId).not.toBeNull();
    expect(await stillTheSamePage(page)).toBe(true);
    await expectAccessible(page, 'the question with its accepted answer');
    await shoot(page, 'player-qa-question');
  });

  it('an announcement the educator posts reaches a student', async () => {
    const e = await educator.newPage();
    await e.setViewportSize({ width: 1280, height: 900 });
    await e.goto(`${platform.urls.shell}/educator/my-courses`);
    await e.getByRole('link', { name: `Announce to the students of '${journey.courseTitle}'` }).click();
    const form = e.getByRole('form', { name: 'Post announcement' });
    await form.getByLabel('Title').fill(ANNOUNCEMENT);
    await form.getByRole('textbox', { name: 'Message' }).click();
    await e.locator('.ProseMirror:focus').waitFor();
    await e.keyboard.type('Each command of the course now has its PowerShell version.');
    await form.getByRole('button', { name: 'Post announcement' }).click();
    await e.getByRole('list', { name: 'Sent announcements' }).getByRole('heading', { name: ANNOUNCEMENT }).waitFor();
    await e.close();

    // The new classmate is mailed; the asker reads it in the player.
    const mail = await mailTo(CLASSMATE.email, `New announcement in ${journey.courseTitle}: ${ANNOUNCEMENT}`);
    expect(mail.text).toContain(`${new URL(platform.urls.shell).origin}/player/${journey.courseId}`);
    await page.getByRole('tab', { name: 'Announcements' }).click();
    const list = page.getByRole('list', { name: 'Announcements' });
    await list.getByRole('heading', { name: ANNOUNCEMENT }).waitFor();
    await list.getByText('Each command of the course now has its PowerShell version.').waitFor();
    expect(await stillTheSamePage(page)).toBe(true);
    await expectAccessible(page, "the player's announcements");
    await shoot(page, 'player-announcements');
  });

  it('a note taken at 0:42 seeks back to 0:42', async () => {
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect.poll(async () => (await standInPlayers(page)).length).toBeGreaterThan(0);
    await playTo(page, 42);
    await pauseVideo(page);
    await page.getByRole('textbox', { name: 'New note' }).fill('The Windows commands are in the resources.');
    await page.getByRole('button', { name: 'Add a note at 0:42' }).click();
    const note = page.getByRole('listitem').filter({ hasText: 'The Windows commands are in the resources.' });
    await note.waitFor();
    await playTo(page, 100);
    await note.getByRole('button', { name: '[0:42] Play the video from here' }).click();
    await expect.poll(async () => (await standInPlayers(page)).at(-1)?.seeks.at(-1)).toBe(42);
    await expectAccessible(page, "the lesson's notes");
    await shoot(page, 'player-notes');
  });
});
