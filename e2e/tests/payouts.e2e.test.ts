import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signedInContext } from '../support/session';

/**
 * Issue #36, the screens: the demo educator sees the demo's paid month on their Earnings page; an
 * admin adds an adjustment, runs a payout up to today and records its bank reference; the
 * educator sees that payout and downloads the month's statement as CSV. Each step is one test.
 */

const now = new Date();
const thisMonth = now.toISOString().slice(0, 7);
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
const today = now.toISOString().slice(0, 10);
const DEMO_REFERENCE = `NEFT-DEMO-${lastMonth.replace('-', '')}`;
const REFERENCE = 'NEFT-E2E-36';
const EDUCATOR = 'Eddie Educator';

let platform: Platform;
let browser: Browser;
let educator: BrowserContext;
let admin: BrowserContext;
let teach: Page;
let run: Page;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  [educator, admin] = await Promise.all([
    signedInContext(browser, platform.urls.shell, DEMO.educator),
    signedInContext(browser, platform.urls.shell, DEMO.admin),
  ]);
  [teach, run] = await Promise.all([educator.newPage(), admin.newPage()]);
  teach.setDefaultTimeout(12_000);
  run.setDefaultTimeout(12_000);
  await Promise.all([
    teach.setViewportSize({ width: 1280, height: 900 }),
    run.setViewportSize({ width: 1280, height: 900 }),
  ]);
});
afterAll(async () => {
  await Promise.all([educator?.close(), admin?.close()]);
  await browser?.close();
  await platform?.stop();
});

describe('Payouts (#36): the educator is paid and sees it', () => {
  it("shows the demo educator last month's paid payout with its bank reference", async () => {
    await teach.goto(`${platform.urls.shell}/educator/earnings`);
    await teach.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
    await teach
      .getByRole('table', { name: /^Payouts/ })
      .getByText(DEMO_REFERENCE)
      .waitFor();
    await teach
      .getByRole('table', { name: /^Ledger entries/ })
      .getByText(/^Opening balance/)
      .waitFor();
    // Each sale names its course (the courses module's title now).
    await teach
      .getByRole('table', { name: /^Ledger entries/ })
      .getByRole('columnheader', { name: 'Course' })
      .waitFor();
    expect(await teach.title()).toMatch(/^Earnings · Educator/);
    await expectAccessible(teach, 'Earnings');
    await shoot(teach, 'payouts-educator-earnings');
  });

  it('lets an admin adjust a balance, run a payout up to today and record its bank reference', async () => {
    await run.goto(`${platform.urls.shell}/admin/payouts`);
    const balances = run.getByRole('table', { name: "Educators' balances" });
    await balances.getByText(EDUCATOR).waitFor();
    // Without Stripe (as here), the Connect section says how educators are paid.
    await run.getByText('Payouts are made by bank transfer', { exact: true }).waitFor();
    await expectAccessible(run, 'Payouts tab');
    await shoot(run, 'payouts-admin');

    await run.getByRole('button', { name: `Adjust ${EDUCATOR}'s balance` }).click();
    let dialog = run.getByRole('dialog', { name: `Adjust ${EDUCATOR}'s balance` });
    await dialog.getByLabel('Amount in rupees').fill('500');
    await dialog.getByLabel('Reason').fill('E2E bonus for the payouts journey');
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await run.getByText('Adjustment recorded').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await run.getByLabel(/Up to a day/).check();
    await expect(run.getByLabel('Cut-off day').inputValue()).resolves.toBe(today);
    await run.getByRole('button', { name: 'Run payout' }).click();
    const confirm = run.getByRole('dialog').filter({ hasText: `Run the payout up to ${today}?` });
    await expectAccessible(run, 'Run payout confirmation');
    await confirm.getByRole('button', { name: 'Run payout' }).click();
    await run.getByText(`Payout run run-${today}: 1 payout(s) written`).waitFor();
    await run.getByText(/1 educator paid, Rs 500\.00 in total\./).waitFor();

    await run.getByRole('button', { name: `Record payment of ${EDUCATOR} (run-${today})` }).click();
    dialog = run.getByRole('dialog', { name: `Record the payment to ${EDUCATOR}` });
    await dialog.getByLabel('Bank reference').fill(REFERENCE);
    await expectAccessible(run, 'Record payment dialog');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await run.getByRole('table', { name: 'Payouts' }).getByText(REFERENCE).waitFor();
    await shoot(run, 'payouts-admin-recorded');
  });

  it("shows the educator the new payout and downloads this month's statement as CSV", async () => {
    await teach.reload();
    await teach
      .getByRole('table', { name: /^Payouts/ })
      .getByText(REFERENCE)
      .waitFor();
    await teach.getByLabel('Month', { exact: true }).fill(thisMonth);
    const [download] = await Promise.all([
      teach.waitForEvent('download'),
      teach.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`courseport-statement-${thisMonth}.csv`);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv).toContain('E2E bonus for the payouts journey');
    expect(csv).toMatch(/payout/i);
    await teach.getByText(`Statement for ${thisMonth} downloaded (CSV)`).waitFor();
    await shoot(teach, 'payouts-educator-paid');
  });
});
