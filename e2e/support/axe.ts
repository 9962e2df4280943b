import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{
      target: string[];
      html: string;
      any: Array<{ data?: { contrastRatio?: number; fgColor?: string; bgColor?: string } | null }>;
    }>;
  }>;
}

/**
 * The page's serious and critical accessibility violations, by axe-core (WCAG 2 A and AA rules),
 * each with up to three of the elements it found them on. Run through the DevTools protocol, so the
 * page's own Content-Security-Policy has no say.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  // Once per document: a dialog opened on the same page is checked with the copy already there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${describeNode(n)}`)
          .join(', ')}`,
    );
}

/** Fails naming every serious axe finding on the page as it stands, at 1280 and then 390 px (left at 1280 px). */
export async function expectAccessible(page: Page, where = 'the page'): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `${where} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The element's opening tag, and for a contrast failure its colours: enough to find and fix it. */
function describeNode(node: AxeResults['violations'][number]['nodes'][number]): string {
  const contrast = node.any.find((check) => check.data?.contrastRatio)?.data;
  const colours = contrast ? ` [${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio}]` : '';
  return `(${node.html.slice(0, 120)})${colours}`;
}

/**
 * Waits until every finite animation on the page has finished, so contrast is measured on what the
 * user ends up seeing rather than on a dialog half-way through fading in. Endless ones (spinners) are
 * left running.
 */
async function animationsSettled(page: Page): Promise<void> {
  // antd's motion classes (…-appear, …-enter, …-leave) come before the animation itself does.
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
