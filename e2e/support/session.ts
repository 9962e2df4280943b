import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'courseport-demo';
export const DEMO = {
  admin: 'admin@courseport.dev',
  educator: 'educator@courseport.dev',
  student: 'student@courseport.dev',
} as const;

/** Signs in through the shell's own dialog, as a user would. */
export async function signInThroughUi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const dialog = await openSignInDialog(page);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

/** The navigation bar's 'Sign in': the dialog opens on its sign-in tab. */
export async function openSignInDialog(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Courseport' });
  await dialog.waitFor();
  return dialog;
}

/** A browser context whose session cookie belongs to a demo user. */
export async function signedInContext(browser: Browser, shellUrl: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(shellUrl);
  await signInThroughUi(page, email);
  await page.close();
  return context;
}
