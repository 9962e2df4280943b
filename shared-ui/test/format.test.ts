import { describe, expect, it } from 'vitest';
import { discountedPrice, formatDuration, formatPrice, videoIdFromUrl } from '../src/format';

describe('discountedPrice', () => {
  it('applies a percentage discount and rounds to two decimals', () => {
    expect(discountedPrice(499, 10)).toBe(449.1);
    expect(discountedPrice(499, 33)).toBe(334.33);
    expect(discountedPrice(99.99, 15)).toBe(84.99);
    expect(discountedPrice(1.005, 0)).toBe(1.01);
  });

  it('keeps the price without a discount and gives 0 at 100 %', () => {
    expect(discountedPrice(499, 0)).toBe(499);
    expect(discountedPrice(499)).toBe(499);
    expect(discountedPrice(499, 100)).toBe(0);
    expect(Object.is(discountedPrice(499, 100), 0)).toBe(true);
  });

  it('clamps the discount to 0–100 and treats bad numbers as 0', () => {
    expect(discountedPrice(200, 150)).toBe(0);
    expect(discountedPrice(200, -10)).toBe(200);
    expect(discountedPrice(Number.NaN, 10)).toBe(0);
    expect(discountedPrice(200, Number.NaN)).toBe(200);
  });
});

describe('formatPrice', () => {
  it('shows two decimals', () => {
    expect(formatPrice(499)).toBe('499.00');
    expect(formatPrice(449.1)).toBe('449.10');
    expect(formatPrice(334.333)).toBe('334.33');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(-0)).toBe('0.00');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('0.00');
  });

  it('formats the discounted price of the storefront', () => {
    expect(formatPrice(discountedPrice(499, 10))).toBe('449.10');
    expect(formatPrice(discountedPrice(499, 100))).toBe('0.00');
  });
});

describe('formatDuration', () => {
  it('shows hours and minutes, or minutes only under an hour', () => {
    expect(formatDuration(65)).toBe('1h 5m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(60)).toBe('1h 0m');
    expect(formatDuration(150)).toBe('2h 30m');
    expect(formatDuration(1)).toBe('1m');
  });

  it('rounds fractions to whole minutes', () => {
    expect(formatDuration(12.4)).toBe('12m');
    expect(formatDuration(59.6)).toBe('1h 0m');
  });

  it("shows '0m' when empty or zero", () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(undefined)).toBe('0m');
    expect(formatDuration(null)).toBe('0m');
    expect(formatDuration(Number.NaN)).toBe('0m');
    expect(formatDuration(-5)).toBe('0m');
  });
});

describe('videoIdFromUrl', () => {
  it('takes the last path segment', () => {
    expect(videoIdFromUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoIdFromUrl('https://www.youtube.com/embed/abc_123-X')).toBe('abc_123-X');
    expect(videoIdFromUrl('https://youtu.be/abc123/')).toBe('abc123');
    expect(videoIdFromUrl('abc123')).toBe('abc123');
  });

  it('ignores the query and the hash', () => {
    expect(videoIdFromUrl('https://youtu.be/abc123?t=42')).toBe('abc123');
    expect(videoIdFromUrl('https://youtu.be/abc123#start')).toBe('abc123');
    expect(videoIdFromUrl('https://youtu.be/abc123?si=x/y#z/w')).toBe('abc123');
  });

  it("gives '' when there is no id", () => {
    expect(videoIdFromUrl('')).toBe('');
    expect(videoIdFromUrl(undefined)).toBe('');
    expect(videoIdFromUrl(null)).toBe('');
    expect(videoIdFromUrl('https://youtu.be')).toBe('');
    expect(videoIdFromUrl('https://youtu.be/?v=1')).toBe('');
  });
});
