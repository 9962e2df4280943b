import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { linkIn, startSmtpServer } from '../support/mail';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, DEMO_PASSWORD, openSignInDialog, signedInContext, signInThroughUi } from '../support/session';

/**
 * Account recovery and the account menu over real mail: the API sends through SMTP (`SMTP_URL`)
 * to a server this test runs, as in production.
 */
let platform: Platform;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [platform, browser] = await Promise.all([startTestPlatform({ apiEnv: { SMTP_URL: smtp.url } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await smtp?.close();
});

const newPage = (context: BrowserContext) => context.newPage();
const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });
const signInButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true });

/** Opens the app in `context` and tells whether it is still signed in (the session cookie resumes). */
async function signedInOnReload(context: BrowserContext): Promise<boolean> {
  const page = await newPage(context);
  await page.goto(platform.urls.shell);
  const signedIn = await Promise.race([
    accountMenu(page)
      .waitFor()
      .then(() => true),
    signInButton(page)
      .waitFor()
      .then(() => false),
  ]);
  await page.close();
  return signedIn;
}

/** Signs in through the dialog and returns the error it shows. */
async function refusedSignIn(page: Page, email: string, password: string): Promise<string> {
  const dialog = await openSignInDialog(page);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describe('account recovery', () => {
  it('a forgotten password is reset from the mailed link, which signs the other sessions out', async () => {
    const email = DEMO.student;
    const newPassword = 'a brand new passphrase';
    // Signed in on two devices.
    const [laptop, phone] = await Promise.all([
      signedInContext(browser, platform.urls.shell, email),
      signedInContext(browser, platform.urls.shell, email),
    ]);

    // On a third, the student has forgotten the password.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await newPage(visitor);
    await page.goto(platform.urls.shell);
    const dialog = await openSignInDialog(page);
    await shoot(page, 'sign-in-dialog');
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset your password' });
    expect(await forgot.getByLabel('Email address').inputValue()).toBe(email);
    await shoot(page, 'forgot-password-dialog');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('dialog', { name: 'Check your inbox' });
    await sent.getByText('If an account exists for that email, we sent a link to reset its password.').waitFor();
    await sent.getByText(email).waitFor();
    await shoot(page, 'reset-link-sent');

    // The mail arrives over SMTP with a link to the app's reset page.
    const mail = await smtp.waitForMailTo(email, (m) => m.text.includes('/reset-password?token='));
    const link = linkIn(mail.text);
    expect(link.startsWith(`${platform.urls.shell}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await page.title()).toBe('Reset password · Courseport');
    await shoot(page, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been reset.').waitFor();
    await page.waitForURL(`${platform.urls.shell}/`);
    await accountMenu(page).waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm new password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'This reset link is invalid or has expired.' }).waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).waitFor();
    await shoot(page, 'reset-password-invalid');

    // The two old sessions are over; this one is not.
    expect(await signedInOnReload(laptop)).toBe(false);
    expect(await signedInOnReload(phone)).toBe(false);
    expect(await signedInOnReload(visitor)).toBe(true);

    // The old password no longer works; the new one does.
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const check = await newPage(fresh);
    await check.goto(platform.urls.shell);
    expect(await refusedSignIn(check, email, DEMO_PASSWORD)).toContain('Invalid email or password');
    await check.goto(platform.urls.shell);
    await signInThroughUi(check, email, newPassword);

    await Promise.all([laptop, phone, visitor, fresh].map((c) => c.close()));
  });

  it('the account menu changes the password (other sessions end, this one stays) and signs out everywhere', async () => {
    const email = DEMO.educator;
    const [here, elsewhere] = await Promise.all([
      signedInContext(browser, platform.urls.shell, email),
      signedInContext(browser, platform.urls.shell, email),
    ]);
    const page = await newPage(here);
    await page.goto(platform.urls.shell);
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('New password', { exact: true }).fill('an educator passphrase');
    await dialog.getByLabel('Confirm new password').fill('an educator passphrase');
    await shoot(page, 'change-password');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. Your other sessions were signed out.').waitFor();

    expect(await signedInOnReload(elsewhere)).toBe(false);
    expect(await signedInOnReload(here)).toBe(true);

    // Sign out everywhere, confirmed, ends this session too.
    await page.reload();
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Sign out on every device?' });
    await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByText('Signed out on every device.').waitFor();
    await signInButton(page).waitFor();
    expect(await signedInOnReload(here)).toBe(false);

    await Promise.all([here, elsewhere].map((c) => c.close()));
  });

  it('the demo banner is on every page, above the navigation', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(platform.urls.shell);
    const banner = page.getByRole('complementary', { name: 'Demo notice' });
    await banner.waitFor();
    expect(await banner.textContent()).toBe(
      "Demo mode: payments are simulated and the demo accounts' passwords are public.",
    );
    await page.getByRole('heading').first().waitFor();
    await shoot(page, 'demo-banner');
    // Phone width: the banner and the bar's two buttons fit without overflowing the page.
    await page.setViewportSize({ width: 390, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByRole('button', { name: 'Create Account' }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await page.close();
  });
});
