import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The portal's muted text (progress labels, subtitles, notes) must stay readable on the page's
// tinted top (the primary background) as well as on white: WCAG AA asks 4.5:1 for body text.
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
// The design tokens as CSS (generated from shared-ui/src/tokens.ts).
const tokens = read('../../shared-ui/src/tokens.css');
const learner = read('../src/styles/learner.css');

const token = (name: string) => {
  const value = new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(tokens)?.[1];
  if (!value) throw new Error(`${name} is not a hex colour in tokens.css`);
  return value;
};
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

describe('contrast of the learner portal', () => {
  it('draws muted text (progress labels among it) at 4.5:1 or more on the tinted background and on white', () => {
    const muted = /--ln-muted:\s*var\((--cp-[a-z-]+)\)/.exec(learner)?.[1];
    expect(muted).toBeDefined();
    const colour = token(muted as string);
    expect(contrast(colour, token('--cp-color-primary-bg'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour, token('--cp-color-bg'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('would have failed with the previous muted shade on the tinted background', () => {
    expect(contrast(token('--cp-color-text-muted'), token('--cp-color-primary-bg'))).toBeLessThan(4.5);
  });
});
