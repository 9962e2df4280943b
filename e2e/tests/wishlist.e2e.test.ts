import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signedInContext } from '../support/session';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('the wishlist (#21)', () => {
  it('a student saves a course with its heart and finds it on /wishlist, then removes it', {
    timeout: 90_000,
  }, async () => {
    const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
    const { courseTitle } = (courses as Array<{ courseTitle: string }>)[0] as { courseTitle: string };
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();

    await page.goto(`${platform.urls.shell}/course-list`);
    const save = page.getByRole('button', { name: `Save ${courseTitle} to your wishlist` });
    await save.click();
    // Pressed at once; the server's message follows.
    await page.getByRole('button', { name: `Remove ${courseTitle} from your wishlist`, pressed: true }).waitFor();

    // From My Enrollments' link, as a student finds it.
    await page.goto(`${platform.urls.shell}/my-enrollments`);
    await page.getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL(`${platform.urls.shell}/wishlist`);
    const saved = page.getByRole('list', { name: 'Saved courses' });
    await saved.getByRole('link', { name: courseTitle }).waitFor();

    await saved.getByRole('button', { name: `Remove ${courseTitle} from your wishlist` }).click();
    await page.getByText('Removed', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: courseTitle, exact: true }).waitFor({ state: 'detached' });
    await student.close();
  });

  it('a student buys a saved course from the wishlist: Enroll Now reaches the checkout', {
    timeout: 90_000,
  }, async () => {
    const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
    const { courseTitle } = (courses as Array<{ courseTitle: string }>)[1] as { courseTitle: string };
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();
    await page.goto(`${platform.urls.shell}/course-list`);
    await page.getByRole('button', { name: `Save ${courseTitle} to your wishlist` }).click();
    await page.getByRole('button', { name: `Remove ${courseTitle} from your wishlist`, pressed: true }).waitFor();

    await page.goto(`${platform.urls.shell}/wishlist`);
    const enroll = page.getByRole('button', { name: `Enroll Now in ${courseTitle}` });
    await enroll.waitFor();
    await shoot(page, 'wishlist');
    await enroll.click();
    // The local gateway's hosted checkout page, as from the course page.
    await page.waitForURL(/\/checkout\/cs_local_/);
    await student.close();
  });
});
