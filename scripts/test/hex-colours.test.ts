import { describe, expect, it } from 'vitest';
import { hexColoursIn, hexColourViolations } from '../tokens/check-hex.mjs';
import { fixtureTrees } from './support/tree';

/** Each case is a small tree of front-end sources; `pnpm lint` runs the same check on the real one. */
const tree = fixtureTrees('hex-colours-');

/** Colours from the tokens only: hex in the token source, comments and anchors, var() elsewhere. */
const CLEAN = {
  'shared-ui/src/tokens.ts': "export const tokens = { 'color-primary': '#2563eb' } as const;\n",
  'shared-ui/src/components/Mark.tsx': [
    "import { tokens } from '../tokens';",
    '// Was #2563eb before the tokens.',
    'export const Mark = () => (',
    '  <svg>',
    '    {/* white on the old #16a34a green did not pass AA */}',
    "    <rect fill={tokens['color-primary']} />",
    '  </svg>',
    ');',
    '',
  ].join('\n'),
  'shell/src/Banner.tsx': [
    'export const Banner = () => (',
    "  <p style={{ color: 'var(--cp-color-heading)' }}>",
    '    <a href="#add">Add</a> <a href={`#bad`}>Issue #123</a>',
    '  </p>',
    ');',
    '',
  ].join('\n'),
  'storefront-mfe/src/ids.ts': "export const ids = { hash: '#fade', label: 'Step #1', id: 'x#abc' };\n",
};

describe('hex colours in TypeScript (pnpm lint)', () => {
  it('pass when every colour comes from shared-ui/src/tokens.ts', async () => {
    expect(await hexColourViolations(await tree('clean', CLEAN))).toEqual([]);
  });

  it('fail on a hex colour in a TSX file, naming the file, line and colour', async () => {
    const dir = await tree('attribute', {
      ...CLEAN,
      'learner-mfe/src/components/icons.tsx': 'export const Check = () => (\n  <path stroke="#fff" />\n);\n',
    });
    expect(await hexColourViolations(dir)).toEqual(['learner-mfe/src/components/icons.tsx:2: #fff']);
  });

  it('fail on hex in inline styles, strings inside values and template literals', async () => {
    const dir = await tree('styles', {
      ...CLEAN,
      'shell/src/Banner.tsx':
        "export const Banner = () => <aside style={{ background: '#fef3c7', borderBottom: '1px solid #FCD34D' }} />;\n",
      'admin-mfe/src/tone.ts': `export const tint = (alpha: string) => \`#2563eb\${alpha}\`;\nexport const halo = "#2563eb14";\n`,
    });
    expect(await hexColourViolations(dir)).toEqual([
      'shell/src/Banner.tsx:1: #fef3c7',
      'shell/src/Banner.tsx:1: #FCD34D',
      'admin-mfe/src/tone.ts:1: #2563eb',
      'admin-mfe/src/tone.ts:2: #2563eb14',
    ]);
  });

  it('take only whole colours of 3, 4, 6 or 8 digits', () => {
    const colours = (text: string) => hexColoursIn('x.ts', text).map((found) => found.colour);
    expect(colours("const a = ['#abc', '#abcd', '#aabbcc', '#aabbccdd'];")).toEqual([
      '#abc',
      '#abcd',
      '#aabbcc',
      '#aabbccdd',
    ]);
    expect(colours("const b = ['#ab', '#abcde', '#abcdefg', '#aabbccd', '#section', 'a#abc'];")).toEqual([]);
  });
});
