import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Balance, EducatorBalance, LedgerEntry, Payout } from '@courseport/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXES } from '../src/indexes.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { feeOf, ledgerService, type SaleEvent } from '../src/modules/ledger/index.js';
import { payoutsService } from '../src/modules/payouts/index.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { pdfText } from './support/pdf.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { bothStores } from './support/stores.js';

/**
 * The educators' ledger and local payouts (#36) over HTTP, on both stores: a sale with a coupon
 * and its fee, a refund, fee changes and overrides, simulated purchases in production, who sees
 * whose money, statements, payout runs; and a property test of the balances.
 */

type Account = { token: string; userId: string };
const DAY_MS = 86_400_000;

function courseOf(educatorId: string, title: string, price: number, discount = 0): CourseDoc {
  const id = newId();
  return {
    _id: id,
    courseTitle: title,
    courseDescription: '<p>Money</p>',
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

describe('the fee', () => {
  it('is rounded half up to a whole paisa, and the share is the rest', () => {
    expect(feeOf(39_920, 2000)).toBe(7984);
    expect(feeOf(2, 2500)).toBe(1); // 0.5 → 1
    expect(feeOf(6, 2500)).toBe(2); // 1.5 → 2
    expect(feeOf(5, 2500)).toBe(1); // 1.25 → 1
    expect(feeOf(33_333, 1250)).toBe(4167); // 4166.625 → 4167
    expect(feeOf(1000, 0)).toBe(0);
    expect(feeOf(1000, 10_000)).toBe(1000);
  });
});

for (const adapter of bothStores('ledger')) {
  describe.skipIf(!adapter.enabled)(`the ledger over HTTP (${adapter.name})`, () => {
    let api: TestApi;
    let offsetMs = 0;
    let owner: Account;
    let rival: Account;
    let admin: Account;
    const students: Account[] = [];
    let course: CourseDoc; // ₹499 less 20 %: 39,920 paise
    let rivalCourse: CourseDoc;
    let people = 0;

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => new Date(Date.now() + offsetMs) },
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
      // Every token is made before the clock moves (tokens are checked against the real time).
      for (let i = 0; i < 8; i++) students.push(await userWithProfile(api, `buyer-${++people}@example.com`));
      course = courseOf(owner.userId, 'Ledgered', 499, 20);
      rivalCourse = courseOf(rival.userId, '=cmd|calc', 300);
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, rivalCourse]);
    });
    afterAll(() => api?.close());

    const get = <T = Record<string, unknown>>(pathname: string, who: Account) =>
      api.json<T & { success: boolean; message?: string }>(pathname, { headers: bearer(who.token) });
    const send = (method: string, pathname: string, body: unknown, who: Account) =>
      api.json(pathname, {
        method,
        headers: { ...bearer(who.token), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const balance = async (who: Account) =>
      (await get<{ balance: EducatorBalance }>('/api/educator/balance', who)).body.balance;
    const entries = async (who: Account) =>
      (await get<{ entries: LedgerEntry[] }>('/api/educator/ledger?limit=100', who)).body.entries;
    const purchase = (id: string) => api.deps.store.collection<PurchaseDoc>('purchases').findOne({ _id: id });
    const student = () => students.shift() as Account;

    it('records a sale with a coupon: the gross paid, the fee rounded half up, the share; pending for the hold, then available', async () => {
      const coupon = await postJson(
        api,
        '/api/educator/coupons',
        { courseId: course._id, code: 'LEDGER15', percentOff: 15 },
        bearer(owner.token),
      );
      expect(coupon.status).toBe(201);
      const buyer = student();
      const start = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'ledger15' },
        bearer(buyer.token),
      );
      const pay = await api.request(`${new URL(start.body.session_url as string).pathname}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });
      const purchaseId = new URL(pay.headers.get('location') ?? '').searchParams.get('purchaseId') as string;
      expect((await postJson(api, '/api/user/verify-payment', { purchaseId }, bearer(buyer.token))).status).toBe(200);
      // A second verify (the return page reloaded) records nothing more.
      expect((await postJson(api, '/api/user/verify-payment', { purchaseId }, bearer(buyer.token))).status).toBe(200);

      const paid = (await purchase(purchaseId)) as PurchaseDoc;
      expect(paid.listAmount).toBe(39_920);
      const gross = paid.amount;
      const fee = Math.floor((gross * 2000 + 5000) / 10_000);
      const list = await entries(owner);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        kind: 'sale',
        gross,
        fee: -fee,
        amount: gross - fee,
        feeBasisPoints: 2000,
        listAmount: 39_920,
        discount: 39_920 - gross,
        couponCode: 'LEDGER15',
        purchaseId,
        courseId: course._id,
        courseTitle: 'Ledgered',
      });
      expect(
        new Date(list[0]?.availableAt as string).getTime() - new Date(list[0]?.createdAt as string).getTime(),
      ).toBe(7 * DAY_MS);
      expect(await balance(owner)).toMatchObject({
        pending: gross - fee,
        available: 0,
        paid: 0,
        hold: null,
        feePercent: 20,
        holdDays: 7,
      });
      offsetMs = 8 * DAY_MS;
      expect(await balance(owner)).toMatchObject({ pending: 0, available: gross - fee, paid: 0 });
      // The dashboard's totalEarnings keeps its meaning: what students paid (whole rupees), before the fee.
      const dashboard = await get<{ dashboardData: { totalEarnings: number } }>('/api/educator/dashboard', owner);
      expect(dashboard.body.dashboardData.totalEarnings).toBe(Math.floor(gross / 100));
    });

    it('a refund reverses the share and the fee; fee changes and overrides never rewrite history', async () => {
      const before = await balance(owner);
      const buyer = student();
      const purchaseId = await buyThroughLocalCheckout(api, buyer.token, course._id);
      const sale = (await entries(owner)).find((e) => e.purchaseId === purchaseId) as LedgerEntry;
      expect(sale).toMatchObject({ gross: 39_920, fee: -7984, amount: 31_936, feeBasisPoints: 2000 });
      expect((await balance(owner)).pending).toBe(before.pending + 31_936);

      const refund = await postJson(api, '/api/admin/refund-purchase', { purchaseId }, bearer(admin.token));
      expect(refund.status).toBe(200);
      const reversed = (await entries(owner)).find((e) => e.kind === 'refund' && e.purchaseId === purchaseId);
      expect(reversed).toMatchObject({ gross: -39_920, fee: 7984, amount: -31_936, availableAt: sale.availableAt });
      expect(await balance(owner)).toMatchObject({ pending: before.pending, available: before.available });

      // The platform's fee goes to 30 %: new sales pay it, the sale above keeps its 20 %.
      expect(await send('PUT', '/api/admin/platform-fee', { percent: 30 }, admin)).toMatchObject({
        status: 200,
        body: { fee: { percent: 30 } },
      });
      expect((await get('/api/admin/platform-fee', admin)).body).toMatchObject({ fee: { percent: 30 } });
      const second = await buyThroughLocalCheckout(api, student().token, course._id);
      expect((await entries(owner)).find((e) => e.purchaseId === second)).toMatchObject({
        fee: -11_976,
        amount: 27_944,
        feeBasisPoints: 3000,
      });
      expect((await entries(owner)).find((e) => e.kind === 'sale' && e.purchaseId === purchaseId)).toEqual(sale);

      // This educator's own fee: 12.5 %, then back to the platform's.
      expect(await send('PUT', `/api/admin/educators/${owner.userId}/fee`, { percent: 12.5 }, admin)).toMatchObject({
        status: 200,
        body: { feePercent: 12.5 },
      });
      const third = await buyThroughLocalCheckout(api, student().token, course._id);
      expect((await entries(owner)).find((e) => e.purchaseId === third)).toMatchObject({
        fee: -4990, // 4,990 exactly
        feeBasisPoints: 1250,
      });
      expect((await balance(rival)).feePercent).toBe(30);
      expect(await send('PUT', `/api/admin/educators/${owner.userId}/fee`, { percent: null }, admin)).toMatchObject({
        status: 200,
        body: { feePercent: 30 },
      });
      await send('PUT', '/api/admin/platform-fee', { percent: 20 }, admin);
    });

    it('pays out what is available in a run, once; a refund after the payout leaves a negative available that later sales repay', async () => {
      offsetMs = 16 * DAY_MS;
      const today = new Date(Date.now() + offsetMs).toISOString().slice(0, 10);
      const before = await balance(owner);
      expect(before.pending).toBe(0);
      expect(before.available).toBeGreaterThan(0);
      const run = await send('POST', '/api/admin/payouts/run', { cutoff: today }, admin);
      expect(run).toMatchObject({
        status: 200,
        body: { success: true, run: { id: `run-${today}`, status: 'finished' } },
      });
      expect(await balance(owner)).toMatchObject({ available: 0, paid: before.available, pending: 0 });
      const again = await send('POST', '/api/admin/payouts/run', { cutoff: today }, admin);
      expect(again.body).toMatchObject({
        run: { id: `run-${today}` },
        message: expect.stringContaining('already finished'),
      });
      expect((await balance(owner)).paid).toBe(before.available);

      const mine = (await get<{ payouts: Payout[] }>('/api/educator/payouts', owner)).body.payouts;
      expect(mine).toMatchObject([
        { amount: before.available, status: 'processing', bankReference: null, runId: `run-${today}` },
      ]);
      expect((await get<{ payouts: Payout[] }>('/api/educator/payouts', rival)).body.payouts).toEqual([]);
      const recorded = await send(
        'PUT',
        `/api/admin/payouts/${mine[0]?.id}`,
        { bankReference: 'NEFT-000123', paidAt: today },
        admin,
      );
      const early = { bankReference: 'NEFT-0', paidAt: '2020-01-01' };
      expect(await send('PUT', `/api/admin/payouts/${mine[0]?.id}`, early, admin)).toMatchObject({
        status: 400,
        body: { message: 'The payment date cannot be before the payout was made' },
      });
      expect(recorded).toMatchObject({
        status: 200,
        body: { payout: { status: 'paid', bankReference: 'NEFT-000123' } },
      });
      expect((await get<{ payouts: Payout[] }>('/api/educator/payouts', owner)).body.payouts[0]).toMatchObject({
        status: 'paid',
        paidAt: `${today}T00:00:00.000Z`,
      });

      // A sale that was paid out is refunded: available goes below zero …
      const paidSale = (await entries(owner)).find(
        (e) => e.kind === 'sale' && e.couponCode === undefined,
      ) as LedgerEntry;
      const sold = await purchase(paidSale.purchaseId as string);
      expect(sold?.status).toBe('completed');
      {
        expect(
          (await postJson(api, '/api/admin/refund-purchase', { purchaseId: sold?._id }, bearer(admin.token))).status,
        ).toBe(200);
        expect((await balance(owner)).available).toBe(-paidSale.amount);
        // … and the next run pays nothing until sales repay it.
        const nothing = await send('POST', '/api/admin/payouts/run', { cutoff: today }, admin);
        expect(nothing.status).toBe(200);
        expect((await balance(owner)).available).toBe(-paidSale.amount);
      }
      const adminView = await get<{ balances: Array<{ educatorId: string } & Balance> }>('/api/admin/balances', admin);
      const row = adminView.body.balances.find((b) => b.educatorId === owner.userId);
      expect(row).toMatchObject(
        await balance(owner).then(({ pending, available, paid }) => ({ pending, available, paid })),
      );
    });

    it('holds an educator: the run passes them over until the hold is lifted', async () => {
      const buyer = student();
      await buyThroughLocalCheckout(api, buyer.token, rivalCourse._id);
      offsetMs = 30 * DAY_MS;
      const today = new Date(Date.now() + offsetMs).toISOString().slice(0, 10);
      expect(
        (await send('POST', `/api/admin/educators/${rival.userId}/hold`, { reason: 'Identity check' }, admin)).status,
      ).toBe(200);
      expect((await balance(rival)).hold).toMatchObject({ reason: 'Identity check' });
      const available = (await balance(rival)).available;
      expect(available).toBe(24_000);
      await send('POST', '/api/admin/payouts/run', { cutoff: today }, admin);
      expect((await balance(rival)).available).toBe(available);
      expect((await send('DELETE', `/api/admin/educators/${rival.userId}/hold`, {}, admin)).status).toBe(200);
      expect((await send('DELETE', `/api/admin/educators/${rival.userId}/hold`, {}, admin)).status).toBe(409);
      offsetMs = 31 * DAY_MS;
      const tomorrow = new Date(Date.now() + offsetMs).toISOString().slice(0, 10);
      await send('POST', '/api/admin/payouts/run', { cutoff: tomorrow }, admin);
      expect(await balance(rival)).toMatchObject({ available: 0, paid: available, hold: null });
    });

    it('adjustments, pages and the monthly statement (CSV, formulas defused)', async () => {
      const adjust = (body: Record<string, unknown>) =>
        send('POST', `/api/admin/educators/${rival.userId}/adjustments`, body, admin);
      const first = await adjust({
        amount: 1500,
        reason: '=HYPERLINK("http://evil.example","x")',
        requestKey: 'bonus-0001',
      });
      expect(first).toMatchObject({ status: 201, body: { entry: { kind: 'adjustment', amount: 1500 } } });
      expect((await adjust({ amount: 1500, reason: 'again', requestKey: 'bonus-0001' })).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await adjust({ amount: -(i + 1), reason: `Correction ${i}` })).status).toBe(201);
      const all = await entries(rival);
      expect(all.filter((e) => e.kind === 'adjustment')).toHaveLength(4);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; body: { entries: LedgerEntry[]; nextCursor: string | null } } = await get(
          `/api/educator/ledger?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          rival,
        );
        expect(page.status).toBe(200);
        expect(page.body.entries.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.entries.map((e) => e.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all.map((e) => e.id));

      const month = new Date(Date.now() + offsetMs).toISOString().slice(0, 7);
      const csv = await api.request(`/api/educator/statements/${month}.csv`, { headers: bearer(rival.token) });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="courseport-statement-${month}.csv"`);
      const text = await csv.text();
      expect(text).toContain(`,Adjustment,,"'=HYPERLINK(""http://evil.example"",""x"")",,,15.00,`);
      expect(text).toContain('Net,');
      expect(text).not.toMatch(/(^|,)=/m);
      // The same month as a PDF.
      const pdf = await api.request(`/api/educator/statements/${month}.pdf`, { headers: bearer(rival.token) });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="courseport-statement-${month}.pdf"`);
      const drawn = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(drawn).toContain(`Courseport statement: ${month}`);
      expect(drawn).toContain('Adjustment');
      expect(drawn).toContain('INR 15.00');
      expect(drawn).toContain('Net');
      // Nobody sees the rival's money but the rival (and admins, through admin routes).
      const ownerText = await (
        await api.request(`/api/educator/statements/${month}.csv`, { headers: bearer(owner.token) })
      ).text();
      expect(ownerText).not.toContain('HYPERLINK');
      expect((await entries(owner)).some((e) => e.kind === 'adjustment')).toBe(false);
    });

    it('refuses bad input with 400/404, and callers who are not educators or admins', async () => {
      const bad: Array<[string, string, unknown, Account, number]> = [
        ['PUT', '/api/admin/platform-fee', { percent: 100.5 }, admin, 400],
        ['PUT', '/api/admin/platform-fee', { percent: 12.345 }, admin, 400],
        ['PUT', '/api/admin/platform-fee', { percent: '20' }, admin, 400],
        ['PUT', `/api/admin/educators/${students[0]?.userId}/fee`, { percent: 5 }, admin, 404],
        ['PUT', '/api/admin/educators/nobody/fee', { percent: 5 }, admin, 404],
        ['PUT', '/api/admin/educators/$bad$/fee', { percent: 5 }, admin, 400],
        ['POST', `/api/admin/educators/${rival.userId}/adjustments`, { amount: 0, reason: 'zero' }, admin, 400],
        ['POST', `/api/admin/educators/${rival.userId}/adjustments`, { amount: 1.5, reason: 'half' }, admin, 400],
        ['POST', `/api/admin/educators/${rival.userId}/adjustments`, { amount: 5, reason: ' ' }, admin, 400],
        ['POST', '/api/admin/payouts/run', { cutoff: '2026-13' }, admin, 400],
        ['POST', '/api/admin/payouts/run', { cutoff: '2026-02-30' }, admin, 400],
        ['POST', '/api/admin/payouts/run', { cutoff: '2999-01-01' }, admin, 400],
        ['POST', '/api/admin/payouts/run', {}, admin, 400],
        ['PUT', `/api/admin/payouts/${newId()}`, { bankReference: 'NEFT-1', paidAt: '2026-01-01' }, admin, 404],
        ['PUT', `/api/admin/payouts/${newId()}`, { bankReference: 'NEFT-1', paidAt: '2999-01-01' }, admin, 400],
        ['PUT', `/api/admin/payouts/${newId()}`, { bankReference: '', paidAt: '2026-01-01' }, admin, 400],
        ['POST', `/api/admin/educators/${rival.userId}/hold`, { reason: '' }, admin, 400],
        ['PUT', '/api/admin/platform-fee', { percent: 10 }, owner, 403],
        ['POST', '/api/admin/payouts/run', { cutoff: '2026-01' }, owner, 403],
      ];
      for (const [method, pathname, body, who, status] of bad) {
        const res = await send(method, pathname, body, who);
        expect({ method, pathname, status: res.status }).toEqual({ method, pathname, status });
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
      expect((await get('/api/educator/ledger?cursor=not-a-cursor', owner)).status).toBe(400);
      expect((await get('/api/educator/ledger?limit=0', owner)).status).toBe(400);
      expect((await api.request('/api/educator/statements/2026-13.csv', { headers: bearer(owner.token) })).status).toBe(
        400,
      );
      expect((await get('/api/educator/balance', admin)).status).toBe(403);
      expect((await get('/api/educator/balance', students[0] as Account)).status).toBe(403);
      expect((await api.json('/api/educator/balance')).status).toBe(401);
      expect((await get('/api/admin/balances', owner)).status).toBe(403);
    });

    it("names each sale's and refund's course by its title now, in the ledger and the statements (one lookup a page)", async () => {
      const courses = api.deps.store.collection<CourseDoc>('courses');
      await courses.updateOne({ _id: course._id }, { $set: { courseTitle: 'Ledgered, renamed' } });
      const list = await entries(owner);
      const ofCourse = list.filter((e) => e.courseId === course._id);
      expect(ofCourse.length).toBeGreaterThanOrEqual(3); // sales and a refund
      for (const entry of ofCourse) expect(entry.courseTitle).toBe('Ledgered, renamed');
      // Entries of no course carry no title.
      for (const entry of list.filter((e) => !e.courseId)) expect(entry).not.toHaveProperty('courseTitle');

      const month = new Date(Date.now() + offsetMs).toISOString().slice(0, 7);
      const csv = await (
        await api.request(`/api/educator/statements/${month}.csv`, { headers: bearer(owner.token) })
      ).text();
      expect(csv).toMatch(/,Sale,"Ledgered, renamed",/);
      expect(csv).toMatch(/,Refund,"Ledgered, renamed",/);
      const pdf = await api.request(`/api/educator/statements/${month}.pdf`, { headers: bearer(owner.token) });
      expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain('Ledgered, renamed');

      // A deleted course: null in the ledger, 'Deleted course' on the statement.
      await courses.deleteOne({ _id: course._id });
      for (const entry of (await entries(owner)).filter((e) => e.courseId === course._id))
        expect(entry.courseTitle).toBeNull();
      const after = await (
        await api.request(`/api/educator/statements/${month}.csv`, { headers: bearer(owner.token) })
      ).text();
      expect(after).toContain(',Sale,Deleted course,');
    });
  });
}

describe('the demo', () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it("shows the demo educator's sales pending and a paid month with its bank reference", async () => {
    api = await startTestApi();
    expect(await seedDemo(api.deps)).toBe(true);
    const signIn = await postJson(api, '/api/auth/sign-in', {
      email: 'educator@courseport.dev',
      password: DEMO_PASSWORD,
    });
    const token = signIn.body.token as string;
    const balance = await api.json<{ balance: EducatorBalance }>('/api/educator/balance', { headers: bearer(token) });
    expect(balance.body.balance.pending).toBeGreaterThan(0);
    expect(balance.body.balance).toMatchObject({ available: 0, paid: 1_245_000, hold: null });
    const payouts = await api.json<{ payouts: Payout[] }>('/api/educator/payouts', { headers: bearer(token) });
    expect(payouts.body.payouts).toMatchObject([
      { amount: 1_245_000, status: 'paid', bankReference: expect.stringMatching(/^NEFT-DEMO-\d{6}$/) },
    ]);
    const ledger = await api.json<{ entries: LedgerEntry[] }>('/api/educator/ledger?limit=100', {
      headers: bearer(token),
    });
    expect(ledger.body.entries.filter((e) => e.kind === 'sale').length).toBeGreaterThan(0);
  });
});

describe('simulated purchases in production', () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it('never reach the ledger (the local checkout moved no money)', async () => {
    api = await startTestApi({ config: { mode: 'production', allowSimulatedPayments: true } });
    const owner = await userWithProfile(api, 'prod-owner@example.com', { educator: true });
    const buyer = await userWithProfile(api, 'prod-buyer@example.com');
    const course = courseOf(owner.userId, 'Production', 499, 20);
    await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
    const purchaseId = await buyThroughLocalCheckout(api, buyer.token, course._id);
    const bought = await api.deps.store.collection<PurchaseDoc>('purchases').findOne({ _id: purchaseId });
    expect(bought).toMatchObject({ status: 'completed', simulated: true });
    const ledger = await api.json('/api/educator/ledger', { headers: bearer(owner.token) });
    expect(ledger.body).toMatchObject({ entries: [], nextCursor: null });
    const balance = await api.json('/api/educator/balance', { headers: bearer(owner.token) });
    expect(balance.body.balance).toMatchObject({ pending: 0, available: 0, paid: 0 });
  });
});

describe('the balances (property)', () => {
  it('always equal the sums of the entries, and no payout is more than was available', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'courseport-ledger-prop-'));
    const store = await openEmbeddedStore(dir);
    await store.ensureIndexes(INDEXES);
    let now = Date.UTC(2026, 0, 1);
    const clock = { now: () => new Date(now) };
    const educators = ['edu-a', 'edu-b', 'edu-c'];
    type Step =
      | { kind: 'sale'; educator: number; amount: number }
      | { kind: 'refund'; sale: number }
      | { kind: 'payout' }
      | { kind: 'adjust'; educator: number; amount: number }
      | { kind: 'wait'; days: number }
      | { kind: 'fee'; percent: number }
      | { kind: 'repeat'; sale: number };
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('sale' as const),
        educator: fc.nat(2),
        amount: fc.integer({ min: 1, max: 500_000 }),
      }),
      fc.record({ kind: fc.constant('refund' as const), sale: fc.nat(40) }),
      fc.record({ kind: fc.constant('payout' as const) }),
      fc.record({
        kind: fc.constant('adjust' as const),
        educator: fc.nat(2),
        amount: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
      }),
      fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 10 }) }),
      fc.record({
        kind: fc.constant('fee' as const),
        percent: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
      }),
      fc.record({ kind: fc.constant('repeat' as const), sale: fc.nat(40) }),
    );
    let round = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps: Step[]) => {
          round += 1;
          const ids = educators.map((e) => `${e}-${round}`);
          const ledger = ledgerService(store, clock, {
            holdDays: 7,
            defaultFeeBasisPoints: 2000,
            countSimulated: false,
          });
          const payouts = payoutsService(store, clock, ledger);
          const sales: SaleEvent[] = [];
          for (const s of steps) {
            if (s.kind === 'sale') {
              const sale: SaleEvent = {
                purchaseId: newId(),
                educatorId: ids[s.educator] as string,
                courseId: 'course',
                amount: s.amount,
                simulated: false,
                completedAt: new Date(now),
              };
              sales.push(sale);
              await ledger.recordSale(sale);
            } else if (s.kind === 'refund' || s.kind === 'repeat') {
              const sale = sales[s.sale % Math.max(sales.length, 1)];
              if (!sale) continue;
              if (s.kind === 'refund') await ledger.recordRefund({ ...sale, refundedAt: new Date(now) });
              else await ledger.recordSale(sale);
            } else if (s.kind === 'payout') {
              // A run per step: its own cut-off (the clock moves a day between payouts).
              now += DAY_MS;
              const before = new Map(
                await Promise.all(ids.map(async (id) => [id, await ledger.balanceOf(id)] as const)),
              );
              const day = new Date(now).toISOString().slice(0, 10);
              await payouts.run(day, 'admin');
              for (const id of ids) {
                const entry = await ledger.payoutEntry(`run-${day}`, id);
                const available = (before.get(id) as Balance).available;
                if (entry) {
                  expect(-entry.amount).toBeGreaterThan(0);
                  expect(-entry.amount).toBeLessThanOrEqual(available + 0);
                }
              }
            } else if (s.kind === 'adjust') {
              await ledger.adjust(ids[s.educator] as string, { amount: s.amount, reason: 'test' }, 'admin');
            } else if (s.kind === 'wait') {
              now += s.days * DAY_MS;
            } else {
              await ledger.setPlatformFee(s.percent, 'admin');
            }
          }
          for (const id of ids) {
            const list = await store.collection('ledgerEntries').find({ educatorId: id });
            const balance = await ledger.balanceOf(id);
            const sum = (filter: (e: Record<string, unknown>) => boolean) =>
              list.filter(filter).reduce((total, e) => total + (e.amount as number), 0);
            expect(balance.pending + balance.available).toBe(sum(() => true));
            expect(balance.paid).toBe(0 - sum((e) => e.kind === 'payout'));
            expect(balance.pending).toBe(sum((e) => new Date(e.availableAt as Date).getTime() > now));
            // One sale and at most one refund per purchase, whatever was repeated.
            const keys = list.map((e) => e.key as string);
            expect(new Set(keys).size).toBe(keys.length);
            for (const e of list.filter((x) => x.kind === 'sale')) {
              expect((e.gross as number) + (e.fee as number)).toBe(e.amount);
              expect(e.fee as number).toBeLessThanOrEqual(0);
            }
          }
        }),
        { numRuns: 40, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
      );
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
