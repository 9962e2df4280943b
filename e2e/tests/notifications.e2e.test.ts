/**
 * The notification bell (#35): a student's unread count in the navigation bar, a new announcement
 * seen without reloading (the count is asked again when the tab comes back, as it is polled while
 * visible), the list, following one to the player, marking all read; axe at 1280 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { apiToken, DEMO, signedInContext } from '../support/session';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The bell's count as its name says it (0 when it says none). */
async function unreadOf(page: Page): Promise<number> {
  const name = (await page.locator('.cp-bell-button').getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

describe('the notification bell (#35)', () => {
  it('a student sees a new announcement without reloading, follows it to the player and marks all read', {
    timeout: 120_000,
  }, async () => {
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();
    await page.goto(`${platform.urls.shell}/my-enrollments`);
    // The demo's two announcements (seeded, fanned out) are unread.
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();

    // The educator announces to a course the student is enrolled in.
    const { enrolledCourses } = (await fetch(`${platform.urls.api}/api/user/enrolled-courses`, {
      headers: { Authorization: `Bearer ${await apiToken(platform.urls.api, DEMO.student)}` },
    }).then((r) => r.json())) as { enrolledCourses: Array<{ _id: string }> };
    const course = enrolledCourses[0];
    if (!course) throw new Error('The demo student is enrolled in nothing');
    const educator = await apiToken(platform.urls.api, DEMO.educator);
    const posted = await fetch(`${platform.urls.api}/api/courses/${course._id}/announcements`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${educator}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Quiz two is open', body: '<p>Try it before Monday.</p>' }),
    });
    expect(posted.status).toBe(201);

    // The page is not reloaded: the tab comes back (the count is polled while visible, and asked
    // again when the tab is shown: React Query listens on the window), and the bell says so well
    // before the 30 s poll.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
          return unreadOf(page);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(3);
    expect(await page.locator('.cp-bell-badge').textContent()).toBe('3');

    await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const newest = panel.getByRole('link').first();
    await newest.waitFor();
    expect(await newest.textContent()).toContain('Quiz two is open');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousViolations(page), `the open panel at ${width} px`).toEqual([]);
    }
    await shoot(page, 'notifications-panel');

    await newest.click();
    await page.waitForURL(`${platform.urls.shell}/player/${course._id}`);
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();

    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Mark all as read' }).and(page.locator(':disabled')).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(
      await page
        .getByRole('button', { name: 'Notifications', exact: true })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await student.close();
  });

  it("a mail's unsubscribe link opens a page that asks, then stops those mails without signing in", {
    timeout: 60_000,
  }, async () => {
    // The seeded announcements were mailed (the demo outbox: demo mode without SMTP).
    const { messages } = (await fetch(`${platform.urls.api}/api/auth/dev-outbox`).then((r) => r.json())) as {
      messages: Array<{ to: string; text: string }>;
    };
    const mail = messages.find(
      (m) => m.to === DEMO.student && m.text.includes("To stop this course's announcement mails, open:"),
    );
    const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error('No notification mail with an unsubscribe link for the demo student');
    const { pathname, search } = new URL(link);

    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${platform.urls.shell}${pathname}${search}`);
    await page.getByRole('heading', { name: "Stop this course's announcement mails?" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await visitor.close();

    // The student's settings say so: that course's announcements are no longer mailed.
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const settings = await student.newPage();
    await settings.goto(`${platform.urls.shell}/settings/notifications`);
    const perCourse = settings.getByRole('group', { name: 'Announcements by email, per course' });
    await perCourse.waitFor();
    const boxes = perCourse.getByRole('checkbox');
    const states = await boxes.evaluateAll((all) => all.map((box) => (box as HTMLInputElement).checked));
    expect(states.filter((checked) => !checked)).toHaveLength(1);
    expect(await seriousViolations(settings)).toEqual([]);
    await shoot(settings, 'notification-settings');
    await student.close();
  });
});
