import type { ThemeConfig } from 'antd';
import './global.css';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2563eb',
    colorInfo: '#2563eb',
    // Darker on hover and press (global.css's --cp-color-primary-hover/-active): both keep AA contrast.
    colorPrimaryHover: '#1d4ed8',
    colorPrimaryActive: '#1e40af',
    // Green-700: 5:1 on white, so a 100 % progress's green figure passes WCAG AA (green-600 gave 3.3:1).
    colorSuccess: '#15803d',
    colorWarning: '#d97706',
    colorError: '#dc2626',
    borderRadius: 8,
    // antd's greys for secondary text (0.45 black: 3.4:1 on white) fail WCAG AA; these pass it.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f8fafc' },
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
