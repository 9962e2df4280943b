import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { outboxLink } from '../support/mail';
import { type Platform, startTestPlatform } from '../support/platform';
import { SCREENSHOTS } from '../support/screenshots';
import { DEMO, DEMO_PASSWORD, signedInContext } from '../support/session';

/**
 * #30: the spec's quoted texts are back beside the renovation's wording, where a user meets them:
 * Enroll Now signed out (and the purchase carrying on after signing in or signing up), Already
 * Enrolled, the role dialog, the phone's one-row navigation bar with S / E, a pending educator
 * request, and toasts that never cover a dialog's controls.
 */
let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Card = { _id: string; courseTitle: string };
async function courseId(title: string): Promise<string> {
  const { courses } = (await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json())) as {
    courses: Card[];
  };
  const course = courses.find((c) => c.courseTitle === title);
  if (!course) throw new Error(`No course '${title}'`);
  return course._id;
}

/** This viewport's screenshot, to look at: `e2e/screenshots/spec-texts-<name>-<width>.png`. */
async function snap(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOTS, `spec-texts-${name}-${width}.png`) });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast saying `text`, once it has finished sliding in (its box is where it stays). */
async function toastBox(page: Page, text: string): Promise<Box> {
  const notice = page.locator('.ant-notification-notice').filter({ hasText: text });
  await notice.waitFor();
  await expect.poll(async () => notice.evaluate((el) => el.getAnimations().length)).toBe(0);
  return (await notice.boundingBox()) as Box;
}

async function expectNotCovered(toast: Box, ...targets: Locator[]) {
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box, await target.evaluate((el) => el.outerHTML.slice(0, 80))).not.toBeNull();
    expect(overlaps(toast, box as Box)).toBe(false);
  }
}

/** Signs up from the open dialog's 'Create account' tab and confirms the address from the outbox. */
async function signUpAndConfirm(page: Page, name: string, email: string) {
  const dialog = page.getByRole('dialog', { name: /Sign in to Courseport|Create your account/ });
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  const signUp = page.getByRole('dialog', { name: 'Create your account' });
  await signUp.getByLabel('Full name').fill(name);
  await signUp.getByLabel('Email address').fill(email);
  await signUp.getByLabel('Password').fill('a long password');
  await signUp.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.getByRole('dialog', { name: 'Check your inbox' }).waitFor();
  await page.goto(await outboxLink(platform.urls.api, email));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await page.getByText('Your email address is confirmed.').waitFor();
}

describe('the spec texts, as users meet them', () => {
  it("Enroll Now signed out: 'Please login to continue' beside the sign-in dialog, then the checkout without a second click", {
    timeout: 90_000,
  }, async () => {
    const id = await courseId('Python for Data Analysis');
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${platform.urls.shell}/course/${id}`);
      await page.getByRole('button', { name: 'Enroll Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to Courseport' });
      await dialog.getByLabel('Email address').waitFor();
      const toast = await toastBox(page, 'Please login to continue');
      // Beside the dialog, under the bar, off the purchase card's button.
      await expectNotCovered(toast, dialog, page.getByRole('banner'), page.locator('.sf-enroll'));
      await snap(page, 'enroll-signed-out');

      if (viewport === DESKTOP) {
        await dialog.getByLabel('Email address').fill(DEMO.student);
        await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
        await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
        // The purchase carries on: the local gateway's hosted checkout for this course.
        await page.waitForURL(/\/checkout\/cs_local_/);
        await page.getByText('Python for Data Analysis').first().waitFor();
      }
      await context.close();
    }
  });

  it("'Already Enrolled' says 'You are already enrolled in this course' and opens the player", async () => {
    const id = await courseId('Java Programming Masterclass');
    const context = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await context.newPage();
    await page.goto(`${platform.urls.shell}/course/${id}`);
    await page.getByRole('button', { name: 'Already Enrolled' }).click();
    await page.getByText('You are already enrolled in this course').waitFor();
    await page.waitForURL(`${platform.urls.shell}/player/${id}`);
    await page.getByText('Course Structure').waitFor();
    await context.close();
  });

  it('on phones the bar is one row with S / E (named Student / Educator); the account menu links Wishlist and Purchase history', async () => {
    for (const email of [DEMO.educator, DEMO.student]) {
      const context = await signedInContext(browser, platform.urls.shell, email);
      const page = await context.newPage();
      await page.goto(`${platform.urls.shell}/course-list`);
      const bar = page.getByRole('banner');
      const student = bar.getByRole('button', { name: 'Student', exact: true });
      const educator = bar.getByRole('button', { name: 'Educator', exact: true });
      const menu = bar.getByRole('button', { name: /^Account menu for / });
      await menu.waitFor();
      await snap(page, `nav-${email.split('@')[0]}`);

      await page.setViewportSize(PHONE);
      // What the pill shows (innerText: the stylesheet shows the short word on phones, the full one wider).
      await expect.poll(() => student.innerText()).toBe('S');
      expect(await educator.innerText()).toBe('E');
      expect(await student.getAttribute('title')).toBe('Student');
      expect(await educator.getAttribute('title')).toBe('Educator');
      // One row: the logo, the pills, the links and the account menu share a line.
      const rows = new Set<number>();
      for (const item of [bar.getByRole('link', { name: 'Courseport home' }), student, educator, menu]) {
        const box = (await item.boundingBox()) as Box;
        rows.add(Math.round((box.y + box.height / 2) / 20));
      }
      expect(rows.size).toBe(1);
      expect(((await bar.boundingBox()) as Box).height).toBeLessThan(80);
      await bar.getByRole('link', { name: 'My Enrollments' }).waitFor();
      await snap(page, `nav-${email.split('@')[0]}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The account menu's links, by keyboard.
      await menu.click();
      const wishlist = page.getByRole('menuitem', { name: 'Wishlist' });
      await wishlist.waitFor();
      await page.getByRole('menuitem', { name: 'Purchase history' }).waitFor();
      await wishlist.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${platform.urls.shell}/wishlist`);
      await context.close();
    }
  });

  it("a new account's role dialog: toasts off its options; 'Successfully signed up with roles: student!', then the educator request, shown pending on the bar", {
    timeout: 90_000,
  }, async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(platform.urls.shell);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await signUpAndConfirm(page, 'Pia Pending', 'pia@example.com');

    const roles = page.getByRole('dialog', { name: 'Choose Your Roles' });
    await roles.waitFor();
    const confirmed = await toastBox(page, 'Your email address is confirmed.');
    await expectNotCovered(
      confirmed,
      roles.getByText('Learn from courses and track your progress'),
      roles.getByText('Create courses and teach students'),
      roles.getByRole('button', { name: 'Continue' }),
    );
    await snap(page, 'role-dialog');

    await roles.getByText('Create courses and teach students').click();
    await roles.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Successfully signed up with roles: student!').waitFor();
    await page.getByText('Educator request submitted! Admin will review your request.').waitFor();

    // The request waits for an admin: the Educator pill says so, and pressing it only informs.
    const pending = page.getByRole('banner').getByRole('button', { name: 'Educator (pending review)' });
    await pending.waitFor();
    expect(await pending.getAttribute('aria-disabled')).toBe('true');
    expect(await pending.innerText()).toBe('E');
    await snap(page, 'nav-pending');
    // aria-disabled, not disabled: it still takes focus and a press, which explains.
    await pending.focus();
    await page.keyboard.press('Enter');
    const info = page.locator('.ant-notification-notice-info').filter({ hasText: 'Your educator request is pending' });
    await info.waitFor();
    expect(await page.getByText('You already have a pending educator request').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await expect.poll(() => pending.innerText()).toBe('Educator (pending review)');
    await snap(page, 'nav-pending');
    await context.close();
  });

  it('Enroll Now, then a new account: after confirming the address the purchase carries on from the course', {
    timeout: 90_000,
  }, async () => {
    const id = await courseId('React 19 from Scratch');
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${platform.urls.shell}/course/${id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.getByText('Please login to continue').waitFor();
    await signUpAndConfirm(page, 'Eli Enroll', 'eli@example.com');

    // Back on the course; the new account first chooses its roles.
    await page.waitForURL(`${platform.urls.shell}/course/${id}`);
    const roles = page.getByRole('dialog', { name: 'Choose Your Roles' });
    await roles.waitFor();
    const confirmed = await toastBox(page, 'Your email address is confirmed.');
    await expectNotCovered(confirmed, roles);
    await snap(page, 'role-dialog');
    await roles.getByRole('button', { name: 'Continue' }).click();
    // The profile in, the purchase goes out at once: the page leaves for the checkout.
    await page.waitForURL(/\/checkout\/cs_local_/);
    await page.getByText('React 19 from Scratch').first().waitFor();
    await context.close();
  });
});
