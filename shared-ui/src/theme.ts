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
 * its 1st: about 3.5:1), from the `tag-<tone>-*` tokens. `<Tag style={tagTone('green')}>`.
 */
const TONES = ['green', 'gold', 'orange', 'purple', 'red', 'blue', 'default'] as const;
export type TagTone = (typeof TONES)[number];
const tone = (name: TagTone) => ({
  color: tokens[`tag-${name}-text`],
  background: tokens[`tag-${name}-bg`],
  borderColor: tokens[`tag-${name}-border`],
});
const TAG_TONES = Object.fromEntries(TONES.map((name) => [name, tone(name)])) as {
  [name in TagTone]: ReturnType<typeof tone>;
};
export const tagTone = (name: TagTone) => TAG_TONES[name];
