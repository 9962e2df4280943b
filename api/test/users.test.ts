import type { UserProfile } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_REMOVE_OWN_EMAIL } from '../src/modules/admin-emails/service.js';
import { cachedUserData } from '../src/modules/users/service.js';
import { startTestApi, type TestApi } from './support/http.js';
import {
  bearer,
  confirmEmail,
  PASSWORD,
  postJson,
  signUp,
  userWithProfile,
  verifiedAccount,
} from './support/identity.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('user profiles and roles', () => {
  it("answers 'User not found' before the profile exists", async () => {
    const { token } = await signUp(api, 'new@example.com');
    expect(await api.json('/api/user/data', { headers: bearer(token) })).toMatchObject({
      status: 404,
      body: { success: false, message: 'User not found' },
    });
  });

  it('creates the profile from the token, never from the body, and grants only the student role', async () => {
    const { token, userId } = await signUp(api, 'creator@example.com', 'Creator');
    const created = await postJson(
      api,
      '/api/user/create',
      { _id: 'user_someone_else', email: 'admin@evil.example', roles: ['educator', 'admin'], isAdmin: true },
      bearer(token),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      message: 'User profile created successfully!',
      user: { _id: userId, email: 'creator@example.com', name: 'Creator', roles: ['student'], enrolledCourses: [] },
    });
    expect((created.body.user as { imageUrl: string }).imageUrl).toMatch(/\/api\/assets\/avatar\.svg$/);
    expect(await api.deps.store.collection('users').findOne({ _id: 'user_someone_else' })).toBeNull();
    const again = await postJson(api, '/api/user/create', {}, bearer(token));
    expect(again).toMatchObject({ status: 409, body: { success: false, message: 'Your profile already exists' } });
  });

  it("defaults the name to 'User' and rejects bad input", async () => {
    const { userId } = await signUp(api, 'noname@example.com', 'x');
    // An account without a name gives a token without one; with no name in the body either, 'User'.
    await api.deps.store.collection('accounts').updateOne({ _id: userId }, { $set: { name: '' } });
    const { body } = await postJson(api, '/api/auth/sign-in', { email: 'noname@example.com', password: PASSWORD });
    const token = body.token as string;
    const bad = await postJson(api, '/api/user/create', { imageUrl: 'javascript:alert(1)' }, bearer(token));
    expect(bad).toMatchObject({ status: 400, body: { message: 'Image URL must be an http(s) URL' } });
    const ok = await postJson(api, '/api/user/create', { name: '' }, bearer(token));
    expect((ok.body.user as { name: string }).name).toBe('User');
  });

  it('serves user data with an ETag and answers 304 when unchanged', async () => {
    const { token } = await userWithProfile(api, 'etag@example.com');
    const first = await api.request('/api/user/data', { headers: bearer(token) });
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/"/);
    const second = await api.request('/api/user/data', { headers: { ...bearer(token), 'If-None-Match': etag ?? '' } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    await postJson(api, '/api/user/update-roles', { action: 'remove', role: 'student' }, bearer(token));
    const changed = await api.request('/api/user/data', { headers: { ...bearer(token), 'If-None-Match': etag ?? '' } });
    expect(changed.status).toBe(200);
  });

  it('adds and removes student, removes educator, and refuses educator and admin grants', async () => {
    const { token } = await userWithProfile(api, 'roles@example.com', { educator: true });
    const update = (action: string, role: string) =>
      postJson(api, '/api/user/update-roles', { action, role }, bearer(token));

    expect((await update('remove', 'student')).body).toMatchObject({
      message: 'Role removed successfully!',
      user: { roles: ['educator'] },
    });
    expect((await update('add', 'student')).body).toMatchObject({
      message: 'Role added successfully!',
      user: { roles: ['educator', 'student'] },
    });
    expect((await update('remove', 'educator')).body).toMatchObject({ user: { roles: ['student'] } });
    expect(await update('add', 'educator')).toMatchObject({
      status: 403,
      body: { message: 'Becoming an educator needs admin approval: send an educator request instead' },
    });
    expect((await update('add', 'admin')).status).toBe(403);
    expect((await update('remove', 'admin')).status).toBe(403);
    expect((await update('toggle', 'student')).status).toBe(400);
    expect((await update('add', 'superuser')).status).toBe(400);
  });

  it('reports admin in roles only for a verified e-mail on the allow-list', async () => {
    const admin = await userWithProfile(api, 'boss@example.com', { admin: true });
    expect((await api.json('/api/user/data', { headers: bearer(admin.token) })).body.user).toMatchObject({
      roles: ['student', 'admin'],
    });

    // Same allow-listed address, but never confirmed: no admin.
    await api.deps.store
      .collection('adminEmails')
      .insertOne({ _id: 'a'.repeat(24), email: 'sneaky@example.com', addedBy: null, addedAt: new Date() });
    const { token } = await signUp(api, 'sneaky@example.com');
    await postJson(api, '/api/user/create', {}, bearer(token));
    expect((await api.json('/api/user/data', { headers: bearer(token) })).body.user).toMatchObject({
      roles: ['student'],
    });
    expect((await api.json('/api/user/educator-requests', { headers: bearer(token) })).status).toBe(403);
  });
});

describe('educator requests', () => {
  it('lets a user request once, and an admin approve, granting the educator role', async () => {
    const admin = await userWithProfile(api, 'approver@example.com', { admin: true });
    const user = await userWithProfile(api, 'wannateach@example.com');

    const submitted = await postJson(api, '/api/user/request-educator', {}, bearer(user.token));
    expect(submitted).toMatchObject({
      status: 201,
      body: { success: true, message: 'Educator request submitted! Admin will review your request.' },
    });
    const again = await postJson(api, '/api/user/request-educator', {}, bearer(user.token));
    expect(again).toMatchObject({ status: 409, body: { message: 'You already have a pending educator request' } });

    const list = await api.json('/api/user/educator-requests', { headers: bearer(admin.token) });
    const request = (list.body.requests as Array<Record<string, unknown>>).find(
      (r) => r.email === 'wannateach@example.com',
    );
    expect(request).toMatchObject({
      status: 'pending',
      name: 'wannateach',
      userId: { _id: user.userId, name: 'wannateach', imageUrl: expect.any(String) },
      requestedAt: expect.any(String),
    });

    const approved = await postJson(
      api,
      '/api/user/approve-educator-request',
      { requestId: request?._id },
      bearer(admin.token),
    );
    expect(approved).toMatchObject({ status: 200, body: { success: true, message: 'Request approved successfully!' } });
    expect((await api.json('/api/user/data', { headers: bearer(user.token) })).body.user).toMatchObject({
      roles: ['student', 'educator'],
    });
    const twice = await postJson(
      api,
      '/api/user/approve-educator-request',
      { requestId: request?._id },
      bearer(admin.token),
    );
    expect(twice).toMatchObject({ status: 409, body: { message: 'This request has already been reviewed' } });
    const educatorAgain = await postJson(api, '/api/user/request-educator', {}, bearer(user.token));
    expect(educatorAgain).toMatchObject({ status: 409, body: { message: 'You are already an educator' } });
  });

  it('lets an admin reject with an optional reason, after which the user may ask again', async () => {
    const admin = await userWithProfile(api, 'rejecter@example.com', { admin: true });
    const user = await userWithProfile(api, 'notyet@example.com');
    await postJson(api, '/api/user/request-educator', {}, bearer(user.token));
    const { body } = await api.json('/api/user/educator-requests', { headers: bearer(admin.token) });
    const request = (body.requests as Array<{ _id: string; email: string }>).find(
      (r) => r.email === 'notyet@example.com',
    );

    const rejected = await postJson(
      api,
      '/api/user/reject-educator-request',
      { requestId: request?._id, reason: '  Not enough experience ' },
      bearer(admin.token),
    );
    expect(rejected.body).toEqual({ success: true, message: 'Request rejected successfully!' });
    const after = await api.json('/api/user/educator-requests', { headers: bearer(admin.token) });
    expect((after.body.requests as Array<{ _id: string }>).find((r) => r._id === request?._id)).toMatchObject({
      status: 'rejected',
      reason: 'Not enough experience',
    });
    expect((await api.json('/api/user/data', { headers: bearer(user.token) })).body.user).toMatchObject({
      roles: ['student'],
    });
    // The applicant sees the decision and its reason; nobody else's request.
    const mine = await api.json('/api/user/educator-request', { headers: bearer(user.token) });
    expect(mine).toMatchObject({
      status: 200,
      body: { success: true, request: { status: 'rejected', reason: 'Not enough experience' } },
    });
    expect(Object.keys(mine.body.request as object).sort()).toEqual(['decidedAt', 'reason', 'requestedAt', 'status']);
    expect((await api.json('/api/user/educator-request', { headers: bearer(admin.token) })).body).toEqual({
      success: true,
      request: null,
    });
    expect((await postJson(api, '/api/user/request-educator', {}, bearer(user.token))).status).toBe(201);
    expect((await api.json('/api/user/educator-request', { headers: bearer(user.token) })).body).toMatchObject({
      request: { status: 'pending' },
    });
  });

  it('validates request ids and needs a profile to ask', async () => {
    const admin = await userWithProfile(api, 'validator@example.com', { admin: true });
    expect(
      (await postJson(api, '/api/user/approve-educator-request', { requestId: 'nope' }, bearer(admin.token))).status,
    ).toBe(400);
    expect(
      (await postJson(api, '/api/user/approve-educator-request', { requestId: { $ne: null } }, bearer(admin.token)))
        .status,
    ).toBe(400);
    expect(
      await postJson(api, '/api/user/approve-educator-request', { requestId: 'f'.repeat(24) }, bearer(admin.token)),
    ).toMatchObject({
      status: 404,
      body: { message: 'Request not found' },
    });
    const long = await postJson(
      api,
      '/api/user/reject-educator-request',
      { requestId: 'f'.repeat(24), reason: 'x'.repeat(501) },
      bearer(admin.token),
    );
    expect(long.status).toBe(400);
    await signUp(api, 'noprofile@example.com');
    // Asking to teach needs a confirmed address (#30): confirmed, it is the missing profile that answers.
    const { token } = await confirmEmail(api, 'noprofile@example.com');
    expect(await postJson(api, '/api/user/request-educator', {}, bearer(token))).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
  });
});

describe('admin e-mail allow-list', () => {
  it('lists, adds (trimmed, lower-cased, no duplicates) and removes, never the last one', async () => {
    const admin = await userWithProfile(api, 'keeper@example.com', { admin: true });
    const h = bearer(admin.token);
    const added = await postJson(api, '/api/user/add-admin-email', { email: '  New.Admin@Example.com ' }, h);
    expect(added).toMatchObject({
      status: 201,
      body: { success: true, adminEmail: { email: 'new.admin@example.com', addedBy: { name: 'keeper' } } },
    });
    expect((await postJson(api, '/api/user/add-admin-email', { email: 'NEW.ADMIN@example.com' }, h)).body).toEqual({
      success: false,
      message: 'This email is already in the allowed list',
    });
    // Said as the admin would: a sentence, not the schema's field path.
    expect(await postJson(api, '/api/user/add-admin-email', { email: 'not an email' }, h)).toMatchObject({
      status: 400,
      body: { success: false, message: 'Please enter a valid email address' },
    });
    expect(await postJson(api, '/api/user/add-admin-email', { email: '   ' }, h)).toMatchObject({
      status: 400,
      body: { success: false, message: 'Please enter an email address' },
    });

    const { body } = await api.json('/api/user/admin-emails', { headers: h });
    const entries = body.adminEmails as Array<{ _id: string; email: string; addedAt: string }>;
    expect(entries.map((e) => e.email)).toContain('new.admin@example.com');

    // Not their own, while another admin remains: a slip must not lock them out.
    const own = entries.find((e) => e.email === 'keeper@example.com');
    expect(await postJson(api, '/api/user/remove-admin-email', { emailId: own?._id }, h)).toMatchObject({
      status: 409,
      body: { success: false, message: CANNOT_REMOVE_OWN_EMAIL },
    });
    expect((await api.json('/api/user/admin-emails', { headers: h })).body.adminEmails).toHaveLength(entries.length);

    for (const entry of entries.filter((e) => e.email !== 'keeper@example.com')) {
      expect((await postJson(api, '/api/user/remove-admin-email', { emailId: entry._id }, h)).body).toEqual({
        success: true,
        message: 'Admin email removed successfully',
      });
    }
    const last = entries.find((e) => e.email === 'keeper@example.com');
    expect(await postJson(api, '/api/user/remove-admin-email', { emailId: last?._id }, h)).toMatchObject({
      status: 409,
      body: { message: 'Cannot remove the last admin email' },
    });
    expect((await postJson(api, '/api/user/remove-admin-email', { emailId: 'e'.repeat(24) }, h)).status).toBe(404);
  });
});

describe('authorization table', () => {
  const ENDPOINTS: Array<{ method: 'GET' | 'POST'; path: string; body?: object; access: 'signed-in' | 'admin' }> = [
    { method: 'GET', path: '/api/user/data', access: 'signed-in' },
    { method: 'POST', path: '/api/user/create', body: {}, access: 'signed-in' },
    { method: 'POST', path: '/api/user/update-roles', body: { action: 'add', role: 'student' }, access: 'signed-in' },
    { method: 'POST', path: '/api/user/request-educator', body: {}, access: 'signed-in' },
    { method: 'GET', path: '/api/user/educator-requests', access: 'admin' },
    {
      method: 'POST',
      path: '/api/user/approve-educator-request',
      body: { requestId: 'f'.repeat(24) },
      access: 'admin',
    },
    { method: 'POST', path: '/api/user/reject-educator-request', body: { requestId: 'f'.repeat(24) }, access: 'admin' },
    { method: 'GET', path: '/api/user/admin-emails', access: 'admin' },
    { method: 'POST', path: '/api/user/add-admin-email', body: { email: 'table@example.com' }, access: 'admin' },
    { method: 'POST', path: '/api/user/remove-admin-email', body: { emailId: 'f'.repeat(24) }, access: 'admin' },
  ];

  it('answers anonymous 401, students and educators 403 on admin calls, admins past the gate', async () => {
    const student = await userWithProfile(api, 'table-student@example.com');
    const educator = await userWithProfile(api, 'table-educator@example.com', { educator: true });
    const admin = await userWithProfile(api, 'table-admin@example.com', { admin: true });
    const callers = { anonymous: undefined, student: student.token, educator: educator.token, admin: admin.token };

    for (const endpoint of ENDPOINTS) {
      for (const [who, token] of Object.entries(callers)) {
        const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(token ? bearer(token) : {}) };
        const { status, body } = await api.json(endpoint.path, {
          method: endpoint.method,
          headers,
          ...(endpoint.body ? { body: JSON.stringify(endpoint.body) } : {}),
        });
        const label = `${who} ${endpoint.method} ${endpoint.path} → ${status}`;
        expect(body.success === false ? typeof body.message : 'ok', label).toMatch(/string|ok/);
        if (who === 'anonymous') expect(status, label).toBe(401);
        else if (endpoint.access === 'admin' && who !== 'admin') expect(status, label).toBe(403);
        else expect([401, 403], label).not.toContain(status);
      }
    }
    // A verified account without admin rights sees nothing of others.
    const lone = await verifiedAccount(api, 'lone@example.com');
    expect((await api.json('/api/user/educator-requests', { headers: bearer(lone.token) })).body).toEqual({
      success: false,
      message: 'Admin access required',
    });
  });
});

describe('admin mutation rate limit', () => {
  it('answers 429 with Retry-After after 60 approvals a minute from one admin', async () => {
    const limited = await startTestApi();
    try {
      const admin = await userWithProfile(limited, 'busy-admin@example.com', { admin: true });
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await postJson(
          limited,
          '/api/user/approve-educator-request',
          { requestId: 'f'.repeat(24) },
          bearer(admin.token),
        );
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('cached user data', () => {
  const rolesOf = async (token: string) =>
    ((await api.json('/api/user/data', { headers: bearer(token) })).body.user as { roles: string[] }).roles;

  it('shows every change at once: a missing profile, new roles, and the admin allow-list', async () => {
    const { token } = await verifiedAccount(api, 'fresh.cache@example.com');
    expect((await api.json('/api/user/data', { headers: bearer(token) })).status).toBe(404);
    await postJson(api, '/api/user/create', {}, bearer(token));
    expect(await rolesOf(token)).toEqual(['student']);

    const admin = await userWithProfile(api, 'cache.keeper@example.com', { admin: true });
    await postJson(api, '/api/user/add-admin-email', { email: 'fresh.cache@example.com' }, bearer(admin.token));
    expect(await rolesOf(token)).toEqual(['student', 'admin']);

    await postJson(api, '/api/user/update-roles', { action: 'remove', role: 'student' }, bearer(token));
    expect(await rolesOf(token)).toEqual(['admin']);
  });

  it("never gives one caller another's data, and an unverified e-mail never the admin role", async () => {
    const admin = await userWithProfile(api, 'shared.admin@example.com', { admin: true });
    const other = await userWithProfile(api, 'shared.other@example.com');
    const a = await api.json('/api/user/data', { headers: bearer(admin.token) });
    const b = await api.json('/api/user/data', { headers: bearer(other.token) });
    expect((a.body.user as { email: string }).email).toBe('shared.admin@example.com');
    expect((b.body.user as { email: string; roles: string[] }).roles).toEqual(['student']);

    const { token } = await signUp(api, 'unverified.cache@example.com');
    await postJson(api, '/api/user/create', {}, bearer(token));
    await postJson(api, '/api/user/add-admin-email', { email: 'unverified.cache@example.com' }, bearer(admin.token));
    expect(await rolesOf(token)).toEqual(['student']);
  });
});

describe('cached user data on a shared store (MongoDB)', () => {
  const auth = { userId: 'user_1', sessionId: 's', email: 'a@example.com', emailVerified: true, name: 'A' };

  it('keeps a value at most a second, and not past a write made through this process', async () => {
    let time = 0;
    let reads = 0;
    let writes = 0;
    const users = { get: async () => ({ _id: 'user_1', name: `read ${++reads}` }) as unknown as UserProfile };
    const store = { kind: 'mongodb' as const, writeVersion: () => writes };
    const userData = cachedUserData(users, store, { now: () => time });
    const name = async () => (JSON.parse((await userData(auth)).json) as { user: { name: string } }).user.name;

    expect(await name()).toBe('read 1');
    time = 1_000;
    expect(await name()).toBe('read 1');
    time = 1_001;
    expect(await name()).toBe('read 2'); // read again before answering, not served stale
    writes++;
    expect(await name()).toBe('read 3');
    expect(await Promise.all([name(), name(), name()])).toEqual(['read 3', 'read 3', 'read 3']);
    expect(reads).toBe(3);
  });
});
