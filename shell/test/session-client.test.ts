import { sessionStore, setRuntimeConfig } from '@courseport/shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalSessionClient } from '../src/api/session-client';

/** The real API client over a mocked fetch: what actually goes on the wire. */
const fetchMock = vi.fn<typeof fetch>();
const sent = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url, init: init as RequestInit & { headers: Record<string, string> } };
};
const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: {} });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('LocalSessionClient on the wire', () => {
  it('signs out with an empty JSON body and the session cookie', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true }));
    await new LocalSessionClient(() => {}).signOut();
    const { url, init } = sent();
    expect(url).toBe('http://api.test/api/auth/sign-out');
    expect(init).toMatchObject({ method: 'POST', body: '{}', credentials: 'include' });
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.headers.Authorization).toBeUndefined();
  });

  it('restores once at start-up: the auth bridge takes that restore over, and a call meanwhile waits for it (#34)', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const client = new LocalSessionClient(() => {});
    const started = client.start();
    // Started twice (a second start-up path) is still one request.
    expect(client.start()).toBe(started);
    // A call made before the session is back waits for its token rather than going out anonymous.
    const token = client.getToken();
    answer(
      json(200, {
        success: true,
        token: 'the-token',
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        user: { id: 'user_1', email: 'sam@example.com', fullName: 'Sam', imageUrl: '' },
      }),
    );
    expect(await token).toBe('the-token');
    // The auth bridge's resume is that same restore; a later resume asks again.
    expect(await client.resume()).toEqual({ id: 'user_1', email: 'sam@example.com', fullName: 'Sam', imageUrl: '' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(json(401, { success: false, message: 'You are signed out' }));
    expect(await client.resume()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refreshes with an empty JSON body too', async () => {
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'Not signed in' }));
    expect(await new LocalSessionClient(() => {}).restore()).toBeNull();
    expect(sent().init).toMatchObject({ method: 'POST', body: '{}', credentials: 'include' });
    expect(sent().init.headers['Content-Type']).toBe('application/json');
  });

  it('signs up without starting a session, and returns the API message', async () => {
    fetchMock.mockResolvedValue(
      json(202, { success: true, message: 'Check your inbox: we sent a link to confirm your email address.' }),
    );
    const client = new LocalSessionClient(() => {});
    expect(await client.signUp('Nora', 'nora@example.com', 'a long password')).toBe(
      'Check your inbox: we sent a link to confirm your email address.',
    );
    expect(JSON.parse(String(sent().init.body))).toEqual({
      name: 'Nora',
      email: 'nora@example.com',
      password: 'a long password',
    });
    expect(await client.getToken()).toBeNull();
  });

  it('sends the bearer token with change-password and forgets it after signing out everywhere', async () => {
    const client = new LocalSessionClient(() => {});
    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        token: 'token-1',
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        user: { id: 'u', email: 'u@example.com', emailVerified: true, fullName: 'U', imageUrl: '' },
      }),
    );
    await client.signIn('u@example.com', 'courseport-demo');
    // The API client takes the bearer token from the session store, which the provider points here.
    sessionStore.setState({ getToken: () => client.getToken() });

    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'Your password has been changed.' }));
    expect(await client.changePassword('courseport-demo', 'a new password')).toBe('Your password has been changed.');
    expect(sent(1).init.headers.Authorization).toBe('Bearer token-1');
    expect(sent(1).init.credentials).toBe('include');

    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'Signed out on every device.' }));
    expect(await client.signOutEverywhere()).toBe('Signed out on every device.');
    expect(sent(2)).toMatchObject({ url: 'http://api.test/api/auth/sign-out-everywhere', init: { body: '{}' } });
    expect(sent(2).init.headers.Authorization).toBe('Bearer token-1');
    expect(await client.getToken()).toBeNull();
    sessionStore.setState({ getToken: async () => null });
  });
});
