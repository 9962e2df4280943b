// The demo users' sessions for the signed-in pages of `pnpm bench:web`: each user signs in once
// through the shell's own Sign in dialog (as e2e/support/session.ts does), and the browser state
// (the API's httpOnly session cookie) is carried from one cold load to the next: the refresh
// cookie rotates each time it is used, so a load must start from the state the previous one left.

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>} StorageState */

export const DEMO_PASSWORD = 'courseport-demo';
/** The demo users (seeded with the demo data), by the role they sign in as. */
export const DEMO_USERS = {
  student: 'student@courseport.dev',
  educator: 'educator@courseport.dev',
  admin: 'admin@courseport.dev',
};

/**
 * Signs `email` in through the shell's Sign in dialog in a throwaway context and returns its
 * browser state (the session cookie): the first state of that user's chain of loads.
 * @param {Browser} browser
 * @param {string} shellUrl
 * @param {string} email
 * @returns {Promise<StorageState>}
 */
export async function signInThroughUi(browser, shellUrl, email, password = DEMO_PASSWORD) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(shellUrl);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Courseport' });
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * A session token for `email`, asked of the API directly (signing in through the API does not touch
 * the browser's session).
 * @param {string} apiUrl
 * @param {string} email
 */
async function apiToken(apiUrl, email, password = DEMO_PASSWORD) {
  const signIn = await fetch(`${apiUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = await signIn.json();
  if (!signIn.ok || !token) throw new Error(`Signing ${email} in through the API: HTTP ${signIn.status}`);
  return token;
}

/**
 * The first id `pick` finds in what `path` answers `email`.
 * @param {string} apiUrl
 * @param {string} email
 * @param {string} path
 * @param {(body: any) => string | undefined} pick
 */
async function firstIdFor(apiUrl, email, path, pick) {
  const res = await fetch(`${apiUrl}${path}`, {
    headers: { Authorization: `Bearer ${await apiToken(apiUrl, email)}` },
  });
  const body = await res.json();
  const id = pick(body);
  if (!id) throw new Error(`${path} as ${email} names no course: ${JSON.stringify(body).slice(0, 200)}`);
  return id;
}

/** The id of a course the demo student is enrolled in (the player's page). @param {string} apiUrl */
export const enrolledCourseId = (apiUrl) =>
  firstIdFor(apiUrl, DEMO_USERS.student, '/api/user/enrolled-courses', (body) => body?.enrolledCourses?.[0]?._id);

/** The id of a course the demo educator teaches (Edit Course, Announcements). @param {string} apiUrl */
export const ownCourseId = (apiUrl) =>
  firstIdFor(apiUrl, DEMO_USERS.educator, '/api/educator/courses', (body) => body?.courses?.[0]?._id);
