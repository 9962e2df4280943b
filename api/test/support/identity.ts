import { adminEmailsRepository } from '../../src/modules/admin-emails/repository.js';
import { adminEmailsService } from '../../src/modules/admin-emails/service.js';
import type { TestApi } from './http.js';

export const PASSWORD = 'correct horse battery';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function postJson(api: TestApi, path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.json(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * Signs up through the API (202, nobody signed in), then signs in with the password: an account
 * whose e-mail is not confirmed yet. Returns the session token and cookie.
 */
export async function signUp(api: TestApi, email: string, name = 'Test User') {
  const res = await postJson(api, '/api/auth/sign-up', { name, email, password: PASSWORD });
  if (res.status !== 202) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const signIn = await api.request('/api/auth/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await signIn.json()) as { token: string; user: { id: string } };
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(body)}`);
  return { token: body.token, userId: body.user.id, cookie: signIn.headers.get('set-cookie') ?? '' };
}

/**
 * Confirms a signed-up account's e-mail the way its owner does: the link of the newest mail to it,
 * then the confirm page's button. Returns the session that signs in (a token that says so).
 */
export async function confirmEmail(api: TestApi, email: string) {
  const mail = (await api.deps.mailer.outbox(200)).find((m) => m.to === email && m.link?.includes('confirm-email'));
  const token = new URL(mail?.link ?? 'http://x/').searchParams.get('token');
  if (!token) throw new Error(`no confirmation mail to ${email}`);
  const res = await postJson(api, '/api/auth/verify-email', { token });
  if (res.status !== 200) throw new Error(`confirming failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, userId: (res.body.user as { id: string }).id };
}

/** A verified local account (as the seed or the CLI makes), signed in. */
export async function verifiedAccount(api: TestApi, email: string, name = 'Verified User') {
  await api.deps.auth.local?.createAccount({ name, email, password: PASSWORD, emailVerified: true });
  const { body } = await postJson(api, '/api/auth/sign-in', { email, password: PASSWORD });
  return { token: body.token as string, userId: (body.user as { id: string }).id };
}

/** A signed-in user with a profile, optionally an educator (through a real approved request) or admin. */
export async function userWithProfile(
  api: TestApi,
  email: string,
  options: { educator?: boolean; admin?: boolean } = {},
) {
  const account = await verifiedAccount(api, email, email.split('@')[0]);
  await postJson(api, '/api/user/create', { name: email.split('@')[0] }, bearer(account.token));
  if (options.admin) await adminEmailsService(adminEmailsRepository(api.deps.store), api.deps.clock).seed([email]);
  if (options.educator) {
    await api.deps.store.collection('users').updateOne({ _id: account.userId }, { $addToSet: { roles: 'educator' } });
  }
  return account;
}
