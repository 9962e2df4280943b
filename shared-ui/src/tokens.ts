/**
 * The platform's design tokens: the one place its colours, radii and spacing are written. antd's
 * theme (`theme.ts`) reads them here, and `tokens.css` (generated from this file: `pnpm tokens`;
 * `shared-ui/test/design-tokens.test.ts` fails while it is stale) gives each to CSS as
 * `--cp-<name>`, loaded with shared-ui's stylesheet in the first load (so server-rendered pages
 * paint with them). CSS writes `var(--cp-…)`, never a hex colour (stylelint's `color-no-hex`,
 * in `pnpm lint`, allows one only in `tokens.css`).
 */
export const tokens = {
  'color-primary': '#2563eb',
  // Darker, not lighter, on hover and press: text in these colours (and white text on them) keeps
  // 4.5:1 on white and on the primary tint (antd's lighter #4f83f0 is 3.3:1 on color-primary-bg).
  'color-primary-hover': '#1d4ed8',
  'color-primary-active': '#1e40af',
  'color-primary-strong': '#1d4ed8',
  /** Text on the primary tint where it must read darkest (a filter chip). */
  'color-primary-deep': '#1e3a8a',
  'color-primary-bg': '#eff6ff',
  'color-primary-bg-strong': '#dbeafe',
  'color-primary-border': '#93c5fd',
  'color-primary-border-subtle': '#bfdbfe',
  /** Where a primary gradient ends (the home page's call to action). */
  'color-primary-gradient-end': '#0ea5e9',
  /** Body text on the primary gradient. */
  'color-on-primary-muted': '#e0f2fe',
  // Green-700: 5:1 on white, so a 100 % progress's green figure passes WCAG AA (green-600 gave 3.3:1).
  'color-success': '#15803d',
  'color-success-bg': '#dcfce7',
  'color-success-bg-subtle': '#f0fdf4',
  'color-success-border': '#bbf7d0',
  'color-warning': '#d97706',
  /** Amber text on white (a rating's figure, a soft warning): 5:1. */
  'color-warning-strong': '#b45309',
  /** Text on the warning tints. */
  'color-warning-text': '#92400e',
  'color-warning-bg': '#fffbeb',
  'color-warning-bg-strong': '#fef3c7',
  'color-warning-border': '#fde68a',
  'color-error': '#dc2626',
  /** A danger button's hover (antd's lighter red). */
  'color-error-hover': '#ef4444',
  /** Red text on white and on the error tint. */
  'color-error-strong': '#b91c1c',
  'color-error-bg': '#fee2e2',
  /** Rating stars. */
  'color-star': '#f59e0b',
  /** The wishlist's heart, and its hover tint. */
  'color-favorite': '#be123c',
  'color-favorite-bg': '#fff1f2',
  /** A second accent beside the primary (the educator dashboard's courses figure). */
  'color-accent': '#7c3aed',
  'color-accent-bg': '#ede9fe',
  /** A refunded purchase's status. */
  'color-refunded': '#7e22ce',
  'color-refunded-bg': '#f3e8ff',
  'color-refunded-border': '#e9d5ff',
  // Text on white: antd's main text, and the secondary text that passes WCAG AA (antd's 0.45 black
  // is 3.4:1 on white).
  'color-text': 'rgba(0, 0, 0, 0.88)',
  'color-text-secondary': 'rgba(0, 0, 0, 0.65)',
  /** Text on the primary colour and on dark backgrounds. */
  'color-text-inverse': '#ffffff',
  // The slate scale of headings, body copy and muted text.
  'color-heading': '#0f172a',
  'color-text-strong': '#334155',
  'color-text-body': '#475569',
  'color-text-muted': '#64748b',
  /** Decorative or dark-background grey (the footer's small print, the logo strip): not for body text on white. */
  'color-text-faint': '#94a3b8',
  'color-border': '#e2e8f0',
  'color-border-strong': '#cbd5e1',
  /** A form control's border, as antd draws it. */
  'color-border-control': '#d9d9d9',
  /** A divider on a dark background (the footer). */
  'color-border-dark': '#1e293b',
  'color-bg': '#f8fafc',
  'color-bg-subtle': '#f1f5f9',
  'color-surface': '#ffffff',
  radius: '8px',
  'radius-lg': '12px',
  'space-1': '4px',
  'space-2': '8px',
  'space-3': '12px',
  'space-4': '16px',
  'space-5': '24px',
  'space-6': '32px',
} as const;

export type TokenName = keyof typeof tokens;

/** The text of `tokens.css`: every token as a custom property of `:root`. */
export function tokensCss(): string {
  const lines = Object.entries(tokens).map(([name, value]) => `  --cp-${name}: ${value};`);
  return [
    '/* Generated from shared-ui/src/tokens.ts by `pnpm tokens`: edit that file, not this one. */',
    ':root {',
    ...lines,
    '}',
    '',
  ].join('\n');
}
