import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { outboxLink } from '../support/mail';
import { type Platform, startTestPlatform } from '../support/platform';
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

describe('identity, roles and the admin console', () => {
  it('a new visitor signs up as student + educator, the admin approves, and the educator role arrives by polling', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    await page.goto(platform.urls.shell);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create your account' });
    await signUp.getByLabel('Full name').fill('Nora New');
    await signUp.getByLabel('Email address').fill('nora@example.com');
    await signUp.getByLabel('Password').fill('a long password');
    await signUp.getByRole('button', { name: 'Create account', exact: true }).click();

    // No session yet: the dialog says to confirm the address from the mail.
    const inbox = page.getByRole('dialog', { name: 'Check your inbox' });
    await inbox.getByText('Check your inbox: we sent a link to confirm your email address.').waitFor();
    await inbox.getByText('nora@example.com').waitFor();
    expect(await page.getByRole('button', { name: /^Account menu for / }).count()).toBe(0);

    // The confirmation link (read from the demo outbox) opens a page whose button signs the new user
    // in. Opening the link confirms nothing, so a mail scanner that fetched it first used nothing up.
    const link = await outboxLink(platform.urls.api, 'nora@example.com');
    expect(link).toContain('/confirm-email?token=');
    expect((await page.request.get(link)).status()).toBe(200);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
    expect(await page.title()).toBe('Confirm your email · Courseport');
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.waitForURL(`${platform.urls.shell}/`);
    await page.getByText('Your email address is confirmed.').waitFor();
    await page.getByRole('button', { name: 'Account menu for Nora New' }).waitFor();

    const dialog = page.getByRole('dialog', { name: 'Choose Your Roles' });
    await dialog.waitFor();
    await dialog.getByText('Learn from courses and track your progress').waitFor();
    await dialog.getByText('Create courses and teach students').click();
    expect(await dialog.getByText('Selected roles:').textContent()).toContain('Student, Educator');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Educator is only requested (pending approval): not among the roles, and its own toast says so.
    await page.getByText('Successfully signed up with roles: student!').waitFor();
    await page.getByText('Educator request submitted! Admin will review your request.').waitFor();
    await page.getByRole('link', { name: 'My Enrollments' }).waitFor();
    expect(await page.getByRole('link', { name: 'Educator Dashboard' }).count()).toBe(0);

    // The demo admin approves the request in the admin dashboard.
    const admin = await signedInContext(browser, platform.urls.shell, DEMO.admin);
    const adminPage = await admin.newPage();
    await adminPage.goto(platform.urls.shell);
    // Through the navigation bar: a client-side move into another portal keeps the session.
    await adminPage.getByRole('link', { name: 'Admin Dashboard' }).click();
    await adminPage.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const row = adminPage.getByRole('row').filter({ hasText: 'nora@example.com' });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByText('Request approved successfully!').waitFor();
    await row.getByText('Approved').waitFor();

    // Within one polling interval the new educator is congratulated and gets the dashboard link.
    await page.getByText('Congratulations! Your educator request has been approved!').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Educator Dashboard' }).waitFor();
    await admin.close();
    await visitor.close();
  });

  it('the admin adds and removes an allow-list e-mail', async () => {
    const admin = await signedInContext(browser, platform.urls.shell, DEMO.admin);
    const page = await admin.newPage();
    await page.goto(`${platform.urls.shell}/admin`);
    await page.getByRole('tab', { name: 'Admin Emails' }).click();
    await page.getByText('Admin Email Management').waitFor();
    await page.getByText('Allowed Admin Emails (1)').waitFor();
    await page.locator('input[type="email"]').fill('  Second.Admin@Example.com ');
    await page.getByRole('button', { name: 'Add Email' }).click();
    await page.getByText('Allowed Admin Emails (2)').waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'second.admin@example.com' });
    await item.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Are you sure you want to remove this email from the allowed list?').waitFor();
    await page
      .getByRole('button', { name: /^(OK|Remove|Yes)/ })
      .last()
      .click();
    await page.getByText('Allowed Admin Emails (1)').waitFor();
    await admin.close();
  });

  it('a student opening /admin sees Access Denied', async () => {
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();
    await page.goto(`${platform.urls.shell}/admin`);
    await page.getByText('Access Denied').waitFor();
    await page.getByText("You don't have permission to access this page.").waitFor();
    await student.close();
  });

  it('a used or invalid confirmation link says so', async () => {
    const page = await browser.newPage();
    // A link mailed before the confirm page existed opens it too.
    await page.goto(`${platform.urls.shell}/api/auth/verify-email?token=${'x'.repeat(32)}`);
    await page.waitForURL(`${platform.urls.shell}/confirm-email?token=${'x'.repeat(32)}`);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('heading', { name: 'This confirmation link is invalid or has expired.' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.close();
  });

  it('a signed-out visitor opening /educator lands on /', async () => {
    const page = await browser.newPage();
    await page.goto(`${platform.urls.shell}/educator`);
    await page.waitForURL(`${platform.urls.shell}/`);
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await page.close();
  });
});
