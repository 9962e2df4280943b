/**
 * The platform's design tokens: the one place its colours, radii and spacing are written. antd's
 * theme (`theme.ts`) reads them here, and `tokens.css` (generated from this file: `pnpm tokens`;
 * `shared-ui/test/design-tokens.test.ts` fails while it is stale) gives each to CSS as
 * `--cp-<name>`, loaded with shared-ui's stylesheet in the first load (so server-rendered pages
 * paint with them). CSS writes `var(--cp-…)`, never a hex colour (stylelint's `color-no-hex`,
 * in `pnpm lint`, allows one only in `tokens.css`), and neither does TypeScript outside this file
 * (`scripts/tokens/check-hex.mjs`, in `pnpm lint`): an inline style writes `var(--cp-…)`, and so
 * does an SVG through `style={{ fill: … }}` (a presentation attribute such as `fill="…"` cannot read
 * a custom property). Only `theme.ts` imports this object, and by literal keys: the bundler then
 * inlines the values it uses; imported anywhere else, the whole object lands in the first load's JS.
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
  /** The primary at 8 % opacity: the halo behind an icon (StatusMessage's info, the shell's check-your-inbox envelope). */
  'color-primary-halo': '#2563eb14',
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
  /** The warning at 8 % opacity: the halo behind StatusMessage's icon. */
  'color-warning-halo': '#d9770614',
  /** The demo banner's edge, below its strong warning tint. */
  'color-warning-border-strong': '#fcd34d',
  /** Text on the strong warning tint where it must read darkest (the demo banner). */
  'color-warning-deep': '#78350f',
  'color-error': '#dc2626',
  /** A danger button's hover (antd's lighter red). */
  'color-error-hover': '#ef4444',
  /** Red text on white and on the error tint. */
  'color-error-strong': '#b91c1c',
  'color-error-bg': '#fee2e2',
  /** The error at 8 % opacity: the halo behind StatusMessage's icon. */
  'color-error-halo': '#dc262614',
  /** Rating stars. */
  'color-star': '#f59e0b',
  /** The wishlist's heart, and its hover tint. */
  'color-favorite': '#be123c',
  'color-favorite-bg': '#fff1f2',
  /** A second accent beside the primary (the educator dashboard's courses figure). */
  'color-accent': '#7c3aed',
  'color-accent-bg': '#ede9fe',
  /** Avatar colours beside the primary (the home page's testimonials). */
  'color-avatar-teal': '#0d9488',
  'color-avatar-purple': '#9333ea',
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
  /** Behind a video until it plays. */
  'color-video-bg': '#0f172a',
  /** The video poster's play button (YouTube's red). */
  'color-video-play': '#dc2626',
  /** The empty-state illustration (as antd's Empty draws it): its shadow and its box's fill; its outline is `color-border-control`. */
  'color-illustration-shadow': '#f5f5f5',
  'color-illustration-fill': '#fafafa',
  // Status tags (`tagTone` in theme.ts): text, background and border of each tone, in colours that
  // pass WCAG AA (antd's preset tag colours put the palette's 7th shade on its 1st: about 3.5:1).
  'tag-green-text': '#135200',
  'tag-green-bg': '#f6ffed',
  'tag-green-border': '#b7eb8f',
  'tag-gold-text': '#613400',
  'tag-gold-bg': '#fffbe6',
  'tag-gold-border': '#ffe58f',
  'tag-orange-text': '#873800',
  'tag-orange-bg': '#fff7e6',
  'tag-orange-border': '#ffd591',
  'tag-purple-text': '#391085',
  'tag-purple-bg': '#f9f0ff',
  'tag-purple-border': '#d3adf7',
  'tag-red-text': '#820014',
  'tag-red-bg': '#fff1f0',
  'tag-red-border': '#ffa39e',
  'tag-blue-text': '#003eb3',
  'tag-blue-bg': '#e6f4ff',
  'tag-blue-border': '#91caff',
  'tag-default-text': '#262626',
  'tag-default-bg': '#fafafa',
  'tag-default-border': '#d9d9d9',
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
