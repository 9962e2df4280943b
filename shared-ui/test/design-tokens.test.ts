import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/theme';
import { tokens, tokensCss } from '../src/tokens';

// One source for the design tokens: shared-ui/src/tokens.ts. tokens.css is generated from it
// (`pnpm tokens` = this file with UPDATE_TOKENS=1), antd's theme reads it, and no other stylesheet
// writes a hex colour (stylelint's color-no-hex in `pnpm lint`, configured in .stylelintrc.json).
const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKENS_CSS = path.join(ROOT, 'shared-ui/src/tokens.css');
const CONFIG = path.join(ROOT, '.stylelintrc.json');

describe('design tokens', () => {
  it('tokens.css is what tokens.ts generates (run `pnpm tokens` after changing tokens.ts)', () => {
    if (process.env.UPDATE_TOKENS === '1') writeFileSync(TOKENS_CSS, tokensCss());
    const written = existsSync(TOKENS_CSS) ? readFileSync(TOKENS_CSS, 'utf8') : '';
    expect(written, 'shared-ui/src/tokens.css is stale: run `pnpm tokens`').toBe(tokensCss());
  });

  it("antd's theme takes its colours from the tokens", () => {
    expect(theme.token?.colorPrimary).toBe(tokens['color-primary']);
    expect(theme.token?.colorSuccess).toBe(tokens['color-success']);
    expect(theme.token?.colorTextSecondary).toBe(tokens['color-text-secondary']);
    expect(theme.token?.borderRadius).toBe(8);
  });

  it('every var(--cp-…) a stylesheet uses without a fallback is a token (no typo)', () => {
    const files = execFileSync('git', ['ls-files', '*.css'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const unknown = files.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/var\(--cp-([a-z0-9-]+)\s*\)/g)]
        .map((m) => m[1] as string)
        .filter((name) => !(name in tokens))
        .map((name) => `${file}: --cp-${name}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('no hex colour outside the token source (stylelint, as `pnpm lint` runs it)', () => {
  it('refuses a portal stylesheet with a hex colour (the fixture)', async () => {
    const code = readFileSync(path.join(import.meta.dirname, 'fixtures/hex-colour.css'), 'utf8');
    const result = await stylelint.lint({
      code,
      codeFilename: path.join(ROOT, 'storefront-mfe/src/styles/badge.css'),
      configFile: CONFIG,
    });
    expect(result.errored).toBe(true);
    expect(result.results[0]?.warnings.map((w) => `${w.line}: ${w.text}`)).toEqual([
      '4: Unexpected hex color "#be123c" (color-no-hex)',
    ]);
  });

  it('passes every stylesheet of the tree, tokens.css (the token source) exempt', async () => {
    const result = await stylelint.lint({ files: '**/*.css', cwd: ROOT, configFile: CONFIG });
    const problems = result.results.flatMap((r) =>
      r.warnings.map((w) => `${path.relative(ROOT, r.source ?? '')}:${w.line}: ${w.text}`),
    );
    expect(problems).toEqual([]);
    const linted = result.results.filter((r) => !r.ignored).map((r) => path.relative(ROOT, r.source ?? ''));
    expect(linted).toContain('shared-ui/src/global.css');
    expect(linted).toContain('storefront-mfe/src/styles/storefront.css');
    expect(linted).not.toContain('shared-ui/src/tokens.css');
  }, 30_000);
});
