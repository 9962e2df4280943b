import type { ThemeConfig } from 'antd';
import { tokens } from './tokens';
// The tokens as CSS custom properties first (generated from tokens.ts), then the rules using them.
import './tokens.css';
import './global.css';

/** antd's theme, from the same tokens as the CSS (`tokens.ts`). */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: tokens['color-primary'],
    colorInfo: tokens['color-primary'],
    // Darker on hover and press: both keep AA contrast.
    colorPrimaryHover: tokens['color-primary-hover'],
    colorPrimaryActive: tokens['color-primary-active'],
    colorSuccess: tokens['color-success'],
    colorWarning: tokens['color-warning'],
    colorError: tokens['color-error'],
    borderRadius: Number.parseInt(tokens.radius, 10),
    // antd's greys for secondary text (0.45 black: 3.4:1 on white) fail WCAG AA; these pass it.
    colorTextSecondary: tokens['color-text-secondary'],
    colorTextDescription: tokens['color-text-secondary'],
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: tokens['color-surface'], bodyBg: tokens['color-bg'] },
  },
};

/**
 * Status tags in colours that pass WCAG AA (antd's preset tag colours put the palette's 7th shade on
 * its 1st: about 3.5:1). `<Tag style={tagTone('green')}>`.
 */
const TAG_TONES = {
  green: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  gold: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
  orange: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  purple: { color: '#391085', background: '#f9f0ff', borderColor: '#d3adf7' },
  red: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
  blue: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  default: { color: '#262626', background: '#fafafa', borderColor: '#d9d9d9' },
} as const;
export type TagTone = keyof typeof TAG_TONES;
export const tagTone = (tone: TagTone) => TAG_TONES[tone];
