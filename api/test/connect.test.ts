import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminConnectAccountsPage, ConnectAccount, EducatorBalance, LedgerEntry } from '@courseport/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { INDEXES } from '../src/indexes.js';
import {
  CONNECT_EVENT_RETENTION_DAYS,
  CONNECT_UNAVAILABLE,
  connectService,
  SALE_NOT_RECORDED,
} from '../src/modules/connect/index.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { feeOf, ledgerService } from '../src/modules/ledger/index.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import {
  buildPayments,
  type CheckoutInput,
  type ConnectAccountState,
  type ConnectGateway,
  type PaymentGateway,
  type RefundInput,
} from '../src/payments/index.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';
import { type StripeMock, startStripeMock, stripeMockSkipReason } from './support/stripe-mock.js';

/**
 * Stripe Connect Express (#36): onboarding, the account's state, destination charges with the
 * ledger's fee as the application fee, refunds that reverse the transfer and the fee, and the
 * Connect webhooks (signed as Stripe signs them, delivered twice and out of order). The Stripe
 * SDK's real requests go to stripe-mock, which checks them against Stripe's OpenAPI description;
 * the stateful flows run against an in-process fake of Stripe's Connect and Checkout, on both stores.
 */

type Account = { token: string; userId: string };
const WEBHOOK_SECRET = 'whsec_connect_suite_platform';
const CONNECT_SECRET = 'whsec_connect_suite_connect';
const DAY_MS = 86_400_000;
/** The SDK only signs and verifies here: nothing listens on port 9. */
const offlineStripe = new Stripe('sk_test_unused', {
  host: '127.0.0.1',
  port: 9,
  protocol: 'http',
  maxNetworkRetries: 0,
});

function courseOf(educatorId: string, title: string, price: number, discount = 0): CourseDoc {
  return {
    _id: newId(),
    courseTitle: title,
    courseDescription: '<p>Connect</p>',
    courseThumbnail: 'http://localhost:4000/api/media/x',
    coursePrice: price,
    discount,
    educator: { _id: educatorId, name: 'Teacher' },
    courseContent: [],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
  };
}

/** A Stripe event as Stripe sends it, signed with `secret` (the SDK's test header: Stripe's scheme). */
function signed(
  type: string,
  object: unknown,
  options: { secret?: string; account?: string; created?: number; id?: string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${newId()}`,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  });
  const signature = offlineStripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? CONNECT_SECRET,
  });
  return { payload, signature };
}

function deliver(api: TestApi, event: { payload: string; signature: string }, path = '/api/stripe/connect-webhook') {
  return api.json(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
    body: event.payload,
  });
}

const accountObject = (id: string, state: Partial<{ charges: boolean; payouts: boolean; due: string[] }>) => ({
  id,
  object: 'account',
  type: 'express',
  details_submitted: state.charges ?? false,
  charges_enabled: state.charges ?? false,
  payouts_enabled: state.payouts ?? false,
  requirements: { currently_due: state.due ?? [], disabled_reason: null },
});

const transferObject = (purchaseId: string, destination: string, amount: number, reversed = 0) => ({
  id: `tr_${purchaseId}`,
  object: 'transfer',
  amount,
  amount_reversed: reversed,
  reversed: reversed >= amount,
  currency: 'inr',
  destination,
  transfer_group: purchaseId,
});

// ---------------------------------------------------------------------------------------------
// The SDK's requests, validated by stripe-mock

/** A proxy in front of stripe-mock that records each request (path, form body, idempotency key). */
async function recordingProxy(target: string) {
  const calls: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }> = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    calls.push({
      method: req.method ?? '',
      path: req.url ?? '',
      body: new URLSearchParams(raw),
      ...(req.headers['idempotency-key'] ? { idempotencyKey: String(req.headers['idempotency-key']) } : {}),
    });
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'stripe-version', 'idempotency-key']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(target + (req.url ?? ''), {
      method: req.method ?? 'GET',
      headers,
      ...(req.method === 'GET' ? {} : { body: raw }),
    });
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': 'req_proxy' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    calls,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const skipMock = stripeMockSkipReason();

describe.skipIf(skipMock !== null)('against stripe-mock (Stripe’s API description)', () => {
  let mock: StripeMock;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let api: TestApi;
  let educator: Account;
  let plain: Account;
  let admin: Account;
  let student: Account;
  let connected: CourseDoc;
  let unconnected: CourseDoc;

  beforeAll(async () => {
    mock = await startStripeMock();
    proxy = await recordingProxy(mock.url);
    const stripe = new Stripe('sk_test_123', {
      host: '127.0.0.1',
      port: proxy.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    api = await startTestApi({
      config: {
        payments: {
          mode: 'stripe',
          secretKey: 'sk_test_123',
          webhookSecret: WEBHOOK_SECRET,
          connectWebhookSecret: CONNECT_SECRET,
        },
      },
      payments: (config, store, clock) => buildPayments(config, store, clock, stripe),
    });
    educator = await userWithProfile(api, 'connect-mock-educator@example.com', { educator: true });
    plain = await userWithProfile(api, 'connect-mock-plain@example.com', { educator: true });
    admin = await userWithProfile(api, 'connect-mock-admin@example.com', { admin: true });
    student = await userWithProfile(api, 'connect-mock-student@example.com');
    connected = courseOf(educator.userId, 'Paid through Connect', 499, 20);
    unconnected = courseOf(plain.userId, 'Paid by the platform', 299);
    await api.deps.store.collection<CourseDoc>('courses').insertMany([connected, unconnected]);
  });
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
    await mock?.stop();
  });

  const callsTo = (method: string, path: string) =>
    proxy.calls.filter((c) => c.method === method && c.path.split('?')[0] === path);

  it('onboards an educator: one Express account, an account link back to the earnings page', async () => {
    const first = await postJson(api, '/api/educator/payouts/connect', {}, bearer(educator.token));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, url: expect.stringMatching(/^https:\/\//) });
    const [created] = callsTo('POST', '/v1/accounts');
    expect(created?.body.get('type')).toBe('express');
    expect(created?.body.get('metadata[educatorId]')).toBe(educator.userId);
    expect(created?.body.get('capabilities[transfers][requested]')).toBe('true');
    expect(created?.idempotencyKey).toBe(`connect-account-${educator.userId}`);
    const [link] = callsTo('POST', '/v1/account_links');
    expect(link?.body.get('type')).toBe('account_onboarding');
    expect(link?.body.get('refresh_url')).toMatch(/\/educator\/earnings\?connect=refresh$/);
    expect(link?.body.get('return_url')).toMatch(/\/educator\/earnings\?connect=return$/);
    const accountId = link?.body.get('account');
    expect(accountId).toMatch(/^acct_/);

    // Again: a fresh link for the same account, no second account.
    expect((await postJson(api, '/api/educator/payouts/connect', {}, bearer(educator.token))).status).toBe(200);
    expect(callsTo('POST', '/v1/accounts')).toHaveLength(1);
    expect(callsTo('POST', '/v1/account_links').map((c) => c.body.get('account'))).toEqual([accountId, accountId]);

    // The return from onboarding asks Stripe for the state.
    const state = await api.json<{ account: ConnectAccount }>('/api/educator/payouts/account?refresh=1', {
      headers: bearer(educator.token),
    });
    expect(state.status).toBe(200);
    expect(state.body.account).toMatchObject({ connected: true, available: true, accountId });
    expect(callsTo('GET', `/v1/accounts/${accountId}`)).toHaveLength(1);
    // Another educator sees only that they have none.
    const other = await api.json<{ account: ConnectAccount }>('/api/educator/payouts/account', {
      headers: bearer(plain.token),
    });
    expect(other.body.account).toEqual({ connected: false, available: true });
  });

  it('charges a connected educator’s course as a destination charge with the ledger’s fee; refunds reverse it', async () => {
    const accountId = (await api.deps.store.collection('connectAccounts').findOne({ _id: educator.userId }))
      ?.accountId as string;
    // Stripe says the account takes charges now.
    const enabled = signed('account.updated', accountObject(accountId, { charges: true, payouts: true }), {
      account: accountId,
      created: Math.floor(Date.now() / 1000) + 5,
    });
    expect((await deliver(api, enabled)).body).toMatchObject({ success: true, outcome: 'applied' });

    const start = await postJson(api, '/api/user/purchase', { courseId: connected._id }, bearer(student.token));
    expect(start.status).toBe(200);
    const purchase = (await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ courseId: connected._id })) as PurchaseDoc;
    const amount = 39_920; // Rs 499 less 20 %
    const fee = feeOf(amount, 2000);
    expect(purchase).toMatchObject({ amount, connectAccountId: accountId, applicationFee: fee, feeBasisPoints: 2000 });
    const session = callsTo('POST', '/v1/checkout/sessions').at(-1);
    expect(session?.body.get('payment_intent_data[application_fee_amount]')).toBe(String(fee));
    expect(session?.body.get('payment_intent_data[transfer_data][destination]')).toBe(accountId);
    expect(session?.body.get('payment_intent_data[transfer_group]')).toBe(purchase._id);

    // Without Connect nothing changes: the platform is charged, the ledger and payout runs pay.
    await postJson(api, '/api/user/purchase', { courseId: unconnected._id }, bearer(student.token));
    const plainSession = callsTo('POST', '/v1/checkout/sessions').at(-1);
    expect(plainSession?.body.get('line_items[0][price_data][unit_amount]')).toBe('29900');
    expect([...(plainSession?.body.keys() ?? [])].some((k) => k.startsWith('payment_intent_data'))).toBe(false);

    // Paid: Stripe's checkout webhook completes it; the ledger's sale has the application fee as its fee.
    const paid = signed(
      'checkout.session.completed',
      {
        id: 'cs_test_connect',
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: 'pi_test_connect',
        metadata: { purchaseId: purchase._id },
      },
      { secret: WEBHOOK_SECRET },
    );
    expect((await deliver(api, paid, '/api/stripe/webhook')).status).toBe(200);
    const ledger = await api.json<{ entries: LedgerEntry[] }>('/api/educator/ledger', {
      headers: bearer(educator.token),
    });
    const sale = ledger.body.entries.find((e) => e.kind === 'sale');
    expect(sale).toMatchObject({ gross: amount, fee: -fee, amount: amount - fee, feeBasisPoints: 2000 });
    expect(ledger.body.entries.find((e) => e.kind === 'payout')).toMatchObject({
      method: 'stripe',
      amount: -(amount - fee),
      purchaseId: purchase._id,
    });

    // The admin's refund: the transfer and the application fee go back too.
    const refund = await postJson(api, '/api/admin/refund-purchase', { purchaseId: purchase._id }, bearer(admin.token));
    expect(refund.status).toBe(200);
    const [refundCall] = callsTo('POST', '/v1/refunds');
    expect(refundCall?.body.get('payment_intent')).toBe('pi_test_connect');
    expect(refundCall?.body.get('reverse_transfer')).toBe('true');
    expect(refundCall?.body.get('refund_application_fee')).toBe('true');
  });
});

// ---------------------------------------------------------------------------------------------
// The stateful flows: Stripe's Connect and Checkout faked in-process, on both stores

/** Stripe's Connect, stateful: accounts by idempotency key, their state set by the test. */
function fakeConnect() {
  const byKey = new Map<string, string>();
  const states = new Map<string, ConnectAccountState>();
  const created: string[] = [];
  const gateway: ConnectGateway = {
    async createAccount({ idempotencyKey }) {
      let id = byKey.get(idempotencyKey);
      if (!id) {
        id = `acct_${newId()}`;
        byKey.set(idempotencyKey, id);
        created.push(id);
        states.set(id, {
          detailsSubmitted: false,
          chargesEnabled: false,
          payoutsEnabled: false,
          currentlyDue: ['individual.id_number', 'external_account'],
          disabledReason: 'requirements.past_due',
        });
      }
      return { id, state: states.get(id) as ConnectAccountState };
    },
    async accountLink(accountId) {
      return { url: `https://connect.stripe.test/setup/e/${accountId}`, expiresAt: new Date(Date.now() + 300_000) };
    },
    async retrieveAccount(accountId) {
      return states.get(accountId) as ConnectAccountState;
    },
  };
  return { gateway, created, states };
}

/** Stripe Checkout, stateful: sessions paid by the test, refunds recorded with their parameters. */
function fakeCheckout() {
  const sessions = new Map<string, { input: CheckoutInput; paid: boolean; paymentId?: string }>();
  const refunds: RefundInput[] = [];
  const gateway: PaymentGateway = {
    name: 'stripe',
    async createCheckout(input) {
      const sessionId = `cs_${newId()}`;
      sessions.set(sessionId, { input, paid: false });
      return { sessionId, url: `https://checkout.stripe.test/${sessionId}` };
    },
    async retrieve(sessionId) {
      const session = sessions.get(sessionId);
      return {
        status: session?.paid ? 'complete' : 'open',
        paid: session?.paid === true,
        ...(session?.paymentId ? { paymentId: session.paymentId } : {}),
      };
    },
    async refund(payment) {
      refunds.push({ ...payment });
    },
  };
  return { gateway, sessions, refunds };
}

for (const adapter of bothStores('connect')) {
  describe.skipIf(!adapter.enabled)(`Connect’s stateful flows on ${adapter.name}`, () => {
    let api: TestApi;
    let now = Date.now();
    const clock: Clock = { now: () => new Date(now) };
    const connect = fakeConnect();
    const checkout = fakeCheckout();
    let educator: Account;
    let other: Account;
    let admin: Account;
    let third: Account;
    let course: CourseDoc;
    let accountId: string;
    /** Every token is made before the clock moves (tokens are checked against the real time). */
    const students: Account[] = [];

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock,
        config: {
          payments: {
            mode: 'stripe',
            secretKey: 'sk_test_unused',
            webhookSecret: WEBHOOK_SECRET,
            connectWebhookSecret: CONNECT_SECRET,
          },
        },
        payments: () => ({ gateway: checkout.gateway, stripe: offlineStripe, connect: connect.gateway }),
      });
      educator = await userWithProfile(api, `connect-educator-${newId()}@example.com`, { educator: true });
      other = await userWithProfile(api, `connect-other-${newId()}@example.com`, { educator: true });
      admin = await userWithProfile(api, `connect-admin-${newId()}@example.com`, { admin: true });
      third = await userWithProfile(api, `connect-third-${newId()}@example.com`, { educator: true });
      for (let i = 0; i < 5; i += 1) {
        students.push(await userWithProfile(api, `connect-student-${i}-${newId()}@example.com`));
      }
      course = courseOf(educator.userId, 'Connected course', 999, 0);
      await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
    });
    afterAll(() => api?.close());

    const account = (who: Account) =>
      api.json<{ account: ConnectAccount }>('/api/educator/payouts/account', { headers: bearer(who.token) });
    const balance = async (who: Account) =>
      (await api.json<{ balance: EducatorBalance }>('/api/educator/balance', { headers: bearer(who.token) })).body
        .balance;
    const entries = async (who: Account) =>
      (await api.json<{ entries: LedgerEntry[] }>('/api/educator/ledger', { headers: bearer(who.token) })).body.entries;

    /** A student buys the course and Stripe's checkout webhook completes it. */
    async function sale(): Promise<PurchaseDoc> {
      const student = students.pop() as Account;
      const start = await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(student.token));
      expect(start.status).toBe(200);
      const purchase = (await api.deps.store
        .collection<PurchaseDoc>('purchases')
        .findOne({ userId: student.userId })) as PurchaseDoc;
      const session = checkout.sessions.get(purchase.gatewaySessionId as string);
      if (session) Object.assign(session, { paid: true, paymentId: `pi_${purchase._id}` });
      const event = signed(
        'checkout.session.completed',
        {
          id: purchase.gatewaySessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: `pi_${purchase._id}`,
          metadata: { purchaseId: purchase._id },
        },
        { secret: WEBHOOK_SECRET },
      );
      expect((await deliver(api, event, '/api/stripe/webhook')).status).toBe(200);
      return purchase;
    }

    it('creates one account for racing onboardings and shows each educator only their own', async () => {
      const [a, b] = await Promise.all([
        postJson(api, '/api/educator/payouts/connect', {}, bearer(educator.token)),
        postJson(api, '/api/educator/payouts/connect', {}, bearer(educator.token)),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(connect.created).toHaveLength(1);
      accountId = connect.created[0] as string;
      expect(a.body.url).toBe(`https://connect.stripe.test/setup/e/${accountId}`);
      expect(await api.deps.store.collection('connectAccounts').countDocuments({})).toBe(1);
      expect((await account(educator)).body.account).toMatchObject({
        connected: true,
        accountId,
        detailsSubmitted: false,
        chargesEnabled: false,
        payoutsEnabled: false,
        currentlyDue: ['individual.id_number', 'external_account'],
      });
      expect((await account(other)).body.account).toEqual({ connected: false, available: true });
      // Not enabled yet: the platform is charged as before.
      const purchase = await sale();
      expect(purchase.connectAccountId).toBeUndefined();
      expect(checkout.sessions.get(purchase.gatewaySessionId as string)?.input.connect).toBeUndefined();
    });

    it('keeps the newest account.updated, whatever the order and however often it is delivered', async () => {
      const t = Math.floor(now / 1000) + 60;
      const older = signed('account.updated', accountObject(accountId, { due: ['external_account'] }), {
        account: accountId,
        created: t,
      });
      const newer = signed('account.updated', accountObject(accountId, { charges: true, payouts: true }), {
        account: accountId,
        created: t + 10,
      });
      expect((await deliver(api, newer)).body).toMatchObject({ outcome: 'applied' });
      expect((await deliver(api, newer)).body).toMatchObject({ outcome: 'duplicate' });
      expect((await deliver(api, older)).body).toMatchObject({ outcome: 'applied' });
      expect((await deliver(api, older)).body).toMatchObject({ outcome: 'duplicate' });
      expect((await account(educator)).body.account).toMatchObject({
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        currentlyDue: [],
      });
      // Signed with the platform endpoint's secret is fine too (transfer.* come from there); forged is not.
      const forged = {
        ...newer,
        signature: offlineStripe.webhooks.generateTestHeaderString({ payload: newer.payload, secret: 'whsec_forger' }),
      };
      expect((await deliver(api, forged)).status).toBe(400);
    });

    it('pays a sale by destination charge once: the transfer is a payout entry, never paid again by a run', async () => {
      const before = await balance(educator);
      const purchase = await sale();
      const gross = 99_900;
      const fee = feeOf(gross, 2000);
      expect(checkout.sessions.get(purchase.gatewaySessionId as string)?.input.connect).toEqual({
        destination: accountId,
        applicationFee: fee,
        feeBasisPoints: 2000,
      });
      // transfer.created, twice: the sale already recorded the transfer, so nothing more.
      const created = signed('transfer.created', transferObject(purchase._id, accountId, gross), {
        secret: WEBHOOK_SECRET,
      });
      expect((await deliver(api, created)).body).toMatchObject({ outcome: 'applied' });
      expect((await deliver(api, created)).body).toMatchObject({ outcome: 'duplicate' });
      const mine = (await entries(educator)).filter((e) => e.purchaseId === purchase._id);
      expect(mine.map((e) => [e.kind, e.amount]).sort()).toEqual(
        [
          ['sale', gross - fee],
          ['payout', -(gross - fee)],
        ].sort(),
      );
      const after = await balance(educator);
      expect(after.pending).toBe(before.pending);
      expect(after.paid).toBe(before.paid + gross - fee);

      // After the hold, a payout run pays what the platform owes (the earlier platform-charged
      // sale), never the Connect sale's share, which Stripe already moved.
      now += 8 * DAY_MS;
      const owed = (await balance(educator)).available;
      const run = await postJson(
        api,
        '/api/admin/payouts/run',
        { cutoff: new Date(now).toISOString().slice(0, 10) },
        bearer(admin.token),
      );
      expect(run.status).toBe(200);
      const paidByRun = (await entries(educator)).filter((e) => e.kind === 'payout' && e.runId);
      expect(paidByRun.map((e) => -e.amount)).toEqual([owed]);
      expect(await balance(educator)).toMatchObject({ available: 0, pending: 0 });
    });

    it('refunds reverse the transfer and the fee, once, even when the reversal comes first or twice', async () => {
      const purchase = await sale();
      const gross = 99_900;
      const share = gross - feeOf(gross, 2000);
      const before = await balance(educator);
      const refund = await postJson(
        api,
        '/api/admin/refund-purchase',
        { purchaseId: purchase._id },
        bearer(admin.token),
      );
      expect(refund.status).toBe(200);
      expect(checkout.refunds.at(-1)).toMatchObject({ paymentId: `pi_${purchase._id}`, connectAccountId: accountId });
      // Stripe's events, out of order and twice: the reversal before the transfer's creation.
      const reversed = signed('transfer.reversed', transferObject(purchase._id, accountId, gross, gross), {
        secret: WEBHOOK_SECRET,
      });
      const created = signed('transfer.created', transferObject(purchase._id, accountId, gross), {
        secret: WEBHOOK_SECRET,
      });
      for (const event of [reversed, created, reversed, created]) expect((await deliver(api, event)).status).toBe(200);
      const mine = (await entries(educator)).filter((e) => e.purchaseId === purchase._id);
      expect(mine.map((e) => [e.kind, e.amount]).sort()).toEqual(
        [
          ['sale', share],
          ['payout', -share],
          ['refund', -share],
          ['payout', share],
        ].sort(),
      );
      // Owed nothing either way: the share came back from the educator's Stripe account.
      const after = await balance(educator);
      expect(after.available + after.pending).toBe(before.available + before.pending);
      expect(after.paid).toBe(before.paid - share);
    });

    it('asks Stripe to deliver a transfer again while its sale is not recorded, then applies it once', async () => {
      const student = students.pop() as Account;
      await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(student.token));
      const purchase = (await api.deps.store
        .collection<PurchaseDoc>('purchases')
        .findOne({ userId: student.userId })) as PurchaseDoc;
      const early = signed('transfer.created', transferObject(purchase._id, accountId, 99_900), {
        secret: WEBHOOK_SECRET,
      });
      expect(await deliver(api, early)).toMatchObject({
        status: 409,
        body: { success: false, message: SALE_NOT_RECORDED },
      });
      const event = signed(
        'checkout.session.completed',
        {
          id: purchase.gatewaySessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: `pi_${purchase._id}`,
          metadata: { purchaseId: purchase._id },
        },
        { secret: WEBHOOK_SECRET },
      );
      await deliver(api, event, '/api/stripe/webhook');
      expect((await deliver(api, early)).body).toMatchObject({ outcome: 'applied' });
      const transfers = (await entries(educator)).filter((e) => e.purchaseId === purchase._id && e.kind === 'payout');
      expect(transfers).toHaveLength(1);
    });

    it('records the account’s payouts to the bank for its educator only, newest status winning, no ledger entry', async () => {
      const ledgerBefore = await api.deps.store.collection('ledgerEntries').countDocuments({});
      const t = Math.floor(now / 1000);
      const payout = (status: 'paid' | 'failed') => ({
        id: 'po_connect_1',
        object: 'payout',
        amount: 150_000,
        currency: 'inr',
        arrival_date: t + 86_400,
        status,
        failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
      });
      const paid = signed('payout.paid', payout('paid'), { account: accountId, created: t });
      const failed = signed('payout.failed', payout('failed'), { account: accountId, created: t + 30 });
      for (const event of [failed, paid, paid, failed]) expect((await deliver(api, event)).status).toBe(200);
      expect((await account(educator)).body.account.stripePayouts).toEqual([
        {
          id: 'po_connect_1',
          amount: 150_000,
          status: 'failed',
          arrivalDate: new Date((t + 86_400) * 1000).toISOString(),
          failureMessage: 'The bank account has been closed.',
        },
      ]);
      expect((await account(other)).body.account).toEqual({ connected: false, available: true });
      expect(await api.deps.store.collection('ledgerEntries').countDocuments({})).toBe(ledgerBefore);
      // An account we do not know is of no concern.
      const stranger = signed('payout.paid', payout('paid'), { account: 'acct_stranger' });
      expect((await deliver(api, stranger)).body).toMatchObject({ outcome: 'ignored' });
    });

    it("lists every educator's Connect state for admins only, a bounded page at a time", async () => {
      expect((await postJson(api, '/api/educator/payouts/connect', {}, bearer(third.token))).status).toBe(200);
      const list = (query: string, who: Account = admin) =>
        api.json<AdminConnectAccountsPage & { message?: string }>(`/api/admin/connect-accounts${query}`, {
          headers: bearer(who.token),
        });
      const all = await list('');
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ available: true, nextCursor: null });
      const byId = new Map(all.body.accounts.map((a) => [a.educatorId, a]));
      expect(byId.size).toBe(3); // educators only: not the admin or the students
      expect(byId.get(educator.userId)).toMatchObject({
        state: 'payouts_enabled',
        accountId,
        payoutsEnabled: true,
        currentlyDue: [],
      });
      expect(byId.get(other.userId)).toEqual({ educatorId: other.userId, name: expect.any(String), state: 'none' });
      expect(byId.get(third.userId)).toMatchObject({
        state: 'details_due',
        payoutsEnabled: false,
        currentlyDue: ['individual.id_number', 'external_account'],
      });
      // One at a time, in id order, the cursor carrying on where the page ended.
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof list>> = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        expect(page.body.accounts.length).toBeLessThanOrEqual(1);
        seen.push(...page.body.accounts.map((a) => a.educatorId));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...byId.keys()].sort());
      // Bad input is a 400; educators and students are refused; signed-out callers too.
      for (const query of ['?limit=0', '?limit=101', '?limit=x', '?cursor=$bad', `?cursor=${'a'.repeat(65)}`]) {
        expect(await list(query)).toMatchObject({ status: 400, body: { success: false, message: expect.any(String) } });
      }
      expect((await list('', educator)).status).toBe(403);
      expect((await list('', students[0] as Account)).status).toBe(403);
      expect((await api.json('/api/admin/connect-accounts')).status).toBe(401);
    });
  });
}

describe('the ledger with Connect', () => {
  it('numbers run payouts only, so a Stripe transfer never shifts the sequence two racing runs compete for', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'courseport-connect-ledger-'));
    const store = await openEmbeddedStore(dir);
    try {
      await store.ensureIndexes(INDEXES);
      let now = Date.now();
      const ledger = ledgerService(
        store,
        { now: () => new Date(now) },
        {
          holdDays: 7,
          defaultFeeBasisPoints: 2000,
          countSimulated: false,
        },
      );
      const sale = (connectAccountId?: string) => ({
        purchaseId: newId(),
        educatorId: 'edu',
        courseId: 'course',
        amount: 10_000,
        simulated: false,
        completedAt: new Date(now),
        ...(connectAccountId ? { connectAccountId } : {}),
      });
      await ledger.recordSale(sale());
      now += 8 * DAY_MS;
      const first = await ledger.appendPayout('edu', 'run-a', new Date(now));
      expect(first).toMatchObject({ amount: -8000, payoutSeq: 'edu:1' });
      await ledger.recordSale(sale());
      // A Connect sale (its transfer is a payout entry) lands before the next run reads.
      await ledger.recordSale(sale('acct_x'));
      now += 8 * DAY_MS;
      expect(await ledger.appendPayout('edu', 'run-b', new Date(now))).toMatchObject({
        amount: -8000,
        payoutSeq: 'edu:2',
      });
      expect(await ledger.balanceOf('edu')).toEqual({ pending: 0, available: 0, paid: 24_000 });
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

for (const adapter of bothStores('connect events')) {
  describe.skipIf(!adapter.enabled)(`the handled Connect events on ${adapter.name}`, () => {
    it('are pruned after the retention (replicas sweeping at once share the work); a late redelivery changes nothing', async () => {
      const store = await adapter.open();
      try {
        await store.ensureIndexes(INDEXES);
        let now = Date.now();
        const clock: Clock = { now: () => new Date(now) };
        const ledger = ledgerService(store, clock, { holdDays: 7, defaultFeeBasisPoints: 2000, countSimulated: false });
        // Two replicas of the API on one store.
        const [one, two] = [0, 1].map(() => connectService(store, clock, { ledger, appOrigin: 'http://app.test' }));
        if (!one || !two) throw new Error('two replicas');
        const events = store.collection<{ _id: string; receivedAt: Date }>('connectEvents');
        const event = (id: string) =>
          ({
            id,
            type: 'account.updated',
            created: Math.floor(now / 1000),
            data: { object: accountObject('acct_pruned', { payouts: true }) },
          }) as unknown as Stripe.Event;

        for (let i = 0; i < 5; i++) expect(await one.handle(event(`evt_old_${i}`))).toBe('applied');
        now += (CONNECT_EVENT_RETENTION_DAYS - 1) * DAY_MS;
        expect(await one.handle(event('evt_recent'))).toBe('applied');
        // Within the retention nothing goes.
        expect(await one.pruneEvents()).toBe(0);
        now += 2 * DAY_MS;
        const [a, b] = await Promise.all([one.pruneEvents(), two.pruneEvents()]);
        expect(a + b).toBe(5);
        expect((await events.find({})).map((e) => e._id)).toEqual(['evt_recent']);
        // The recent one is still answered as a duplicate; a pruned one delivered again is applied
        // again (idempotent) and remembered anew.
        expect(await two.handle(event('evt_recent'))).toBe('duplicate');
        expect(await two.handle(event('evt_old_0'))).toBe('applied');
        expect(await two.handle(event('evt_old_0'))).toBe('duplicate');
        expect(await events.countDocuments({})).toBe(2);
      } finally {
        await store.close();
      }
    });
  });
}

describe('without Stripe', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  it('offers no Connect: onboarding is a 409, the account says so, the webhook is not there', async () => {
    const educator = await userWithProfile(api, 'connect-local@example.com', { educator: true });
    expect(await postJson(api, '/api/educator/payouts/connect', {}, bearer(educator.token))).toMatchObject({
      status: 409,
      body: { success: false, message: CONNECT_UNAVAILABLE },
    });
    expect((await api.json('/api/educator/payouts/account', { headers: bearer(educator.token) })).body).toEqual({
      success: true,
      account: { connected: false, available: false },
    });
    const event = signed('account.updated', accountObject('acct_x', {}));
    expect((await deliver(api, event)).status).toBe(404);
    // The admin's listing says there is nothing to list (payouts are made by bank transfer).
    const admin = await userWithProfile(api, 'connect-local-admin@example.com', { admin: true });
    expect((await api.json('/api/admin/connect-accounts', { headers: bearer(admin.token) })).body).toEqual({
      success: true,
      available: false,
      accounts: [],
      nextCursor: null,
    });
  });
});
