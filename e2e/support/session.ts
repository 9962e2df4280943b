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

/**
 * A user's bearer token through the API's own sign-in (`POST /api/auth/sign-in`), for the set-up and
 * checks a test makes beside the browser. Fails naming the answer when the sign-in is refused.
 */
export async function apiToken(apiUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${apiUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!res.ok || !body.token) throw new Error(`Signing ${email} in answered ${res.status}: ${body.message}`);
  return body.token;
}
