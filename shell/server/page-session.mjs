// A returning user's session, for the signed-in page they open (#34): the shell's server renders
// My Enrollments, the player, the educator's and the admin's pages as that user, as it renders the
// storefront's for everyone. The browser sends its session cookie (httpOnly, SameSite=Lax) with the
// page's request; this server renews the session with it at the API (`POST /api/auth/refresh`,
// the browser's own call) and passes the renewed cookie on with the page. The session token is
// used here for the page's data and never written into the page: the browser renews its own.

/** The local accounts' session cookie (the API's `SESSION_COOKIE`). */
export const SESSION_COOKIE = 'cp_session';

/**
 * How long a page waits for the renewal. Longer than a render's deadline on purpose: a renewal cut
 * off after the API rotated the cookie would leave the browser the replaced one (accepted for 30 s,
 * then taken for a replay that ends the session), so it is awaited unless the API is really stuck.
 */
export const SESSION_TIMEOUT_MS = 3_000;

/**
 * The session cookie a request carries (the first, as the API reads it), or null.
 * @param {import('node:http').IncomingMessage} req
 */
export function sessionCookieOf(req) {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === SESSION_COOKIE) return pair.slice(at + 1).trim() || null;
  }
  return null;
}

/**
 * @typedef {object} PageSession
 * @property {string[]} setCookies the API's Set-Cookie headers, passed on with the page (the rotated
 *   cookie; or the cleared one when the session has ended)
 * @property {{ token: string, identity: { id: string, email: string, fullName: string, imageUrl: string } } | null} user
 *   who is signed in and a session token to fetch their page's data with; null when signed out
 */

/**
 * Renews the request's session at the API, as the browser would. Null when the request has no
 * session cookie or the API could not be asked (the page is then rendered in the browser, which
 * restores the session itself).
 * @param {object} options
 * @param {import('node:http').IncomingMessage} options.req
 * @param {string} options.apiTarget where this server reaches the API
 * @param {number} [options.timeoutMs]
 * @returns {Promise<PageSession | null>}
 */
export async function renewPageSession({ req, apiTarget, timeoutMs = SESSION_TIMEOUT_MS }) {
  const cookie = sessionCookieOf(req);
  if (!cookie) return null;
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  try {
    const res = await fetch(`${apiTarget}/api/auth/refresh`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Cookie: `${SESSION_COOKIE}=${cookie}`,
        // The user's address, as the API proxy gives it (the API trusts this server as its proxy).
        ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
      },
      body: '{}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const setCookies = res.headers.getSetCookie();
    const body = await res.json().catch(() => null);
    const user = body?.user;
    if (res.ok && typeof body?.token === 'string' && user && typeof user.id === 'string') {
      const identity = {
        id: user.id,
        email: String(user.email ?? ''),
        fullName: String(user.fullName ?? ''),
        imageUrl: String(user.imageUrl ?? ''),
      };
      return { setCookies, user: { token: body.token, identity } };
    }
    // 401: the session has ended; the API's answer clears the cookie.
    return res.status === 401 ? { setCookies, user: null } : null;
  } catch {
    return null;
  }
}
