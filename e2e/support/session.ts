import type { Browser, BrowserContext, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'courseport-demo';
export const DEMO = {
  admin: 'admin@courseport.dev',
  educator: 'educator@courseport.dev',
  student: 'student@courseport.dev',
} as const;

/** Signs in through the shell's own dialog, as a user would. */
export async function signInThroughUi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
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
