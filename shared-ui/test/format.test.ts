import {
  discountedPrice,
  formatDuration,
  formatPrice,
  htmlToText,
  money,
  plainTextExcerpt,
  plural,
  videoIdFromUrl,
} from '@courseport/contracts';
import { describe, expect, it } from 'vitest';

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

describe('htmlToText', () => {
  it('removes tags and puts a space between blocks', () => {
    expect(htmlToText('<h2>Build modern apps</h2><p>Learn <strong>React</strong> today.</p>')).toBe(
      'Build modern apps Learn React today.',
    );
    expect(htmlToText('<ul><li>One</li><li>Two</li></ul>line<br>break')).toBe('One Two line break');
    expect(htmlToText('<p>in<em>line</em> <a href="x">link</a></p>')).toBe('inline link');
  });

  it('decodes the common entities and collapses whitespace', () => {
    expect(htmlToText('<p>Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#39; &#x41;&nbsp;B</p>')).toBe(
      'Tom & Jerry <3 "hi" \'x\' A B',
    );
    expect(htmlToText('  a \n\t b  ')).toBe('a b');
    expect(htmlToText('&unknown; &#99999999;')).toBe('&unknown; &#99999999;');
  });

  it('drops scripts and styles, and gives an empty string for nothing', () => {
    expect(htmlToText('<style>p{}</style><p>Text</p><script>alert(1)</script>')).toBe('Text');
    expect(htmlToText('')).toBe('');
    expect(htmlToText(undefined)).toBe('');
    expect(htmlToText(null)).toBe('');
  });
});

describe('plainTextExcerpt', () => {
  it('takes the first characters of the plain text', () => {
    expect(plainTextExcerpt('<p>Hello <b>world</b></p>', 7)).toBe('Hello w');
    expect(plainTextExcerpt('<p>Short</p>', 50)).toBe('Short');
    expect(plainTextExcerpt('<p>abc</p>', 0)).toBe('');
  });

  it('never cuts a character in half', () => {
    expect(plainTextExcerpt('<p>😀😀😀</p>', 2)).toBe('😀😀');
  });
});

describe('plural', () => {
  it('puts the noun in the plural unless the count is 1', () => {
    expect(plural(1, 'lecture')).toBe('1 lecture');
    expect(plural(2, 'lecture')).toBe('2 lectures');
    expect(plural(0, 'lecture')).toBe('0 lectures');
    expect(plural(12, 'student')).toBe('12 students');
  });
});

describe('money', () => {
  it('writes two decimals, or a whole amount without cents when asked (the educator totals)', () => {
    expect(money('Rs', 399.2)).toBe('Rs 399.20');
    expect(money('Rs', 1198)).toBe('Rs 1198.00');
    expect(money('Rs', 1198, { dropZeroCents: true })).toBe('Rs 1198');
    expect(money('Rs', 449.1, { dropZeroCents: true })).toBe('Rs 449.10');
    expect(money('$', 0, { dropZeroCents: true })).toBe('$ 0');
  });
});
