import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadAntd, loadOnDemandComponents } from '../src/load-on-demand';

// A path, not a URL: jsdom's URL is not one node:fs takes.
const ENTRIES = path.join(import.meta.dirname, '../src/antd-entries');
const PACKAGE = path.join(import.meta.dirname, '../package.json');

describe('antd per component (#34)', () => {
  it('gives each app entry `@courseport/shared-ui/antd/<name>` the name its loader hands out', async () => {
    const { exports } = JSON.parse(readFileSync(PACKAGE, 'utf8')) as { exports: Record<string, string> };
    expect(exports['./antd/*']).toBe('./src/antd-entries/*.ts');
    const entries = readdirSync(ENTRIES).filter((file) => file.endsWith('.ts'));
    expect(entries.length).toBeGreaterThan(0);
    for (const file of entries) {
      const source = readFileSync(path.join(ENTRIES, file), 'utf8');
      const match = /export const \{ (\w+) \} = await loadAntd\.(\w+)\(\);/.exec(source);
      expect(match, file).not.toBeNull();
      const [, name = '', key = ''] = match ?? [];
      // The entry's file name is the loader's key in kebab case: input-number.ts → loadAntd.inputNumber.
      expect(file.replace(/\.ts$/, ''), file).toBe(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
      const load = loadAntd[key as keyof typeof loadAntd];
      expect(load, `loadAntd.${key}`).toBeTypeOf('function');
      expect(Object.keys(await load()), file).toContain(name);
    }
  }, 30_000);

  it('hands portals built before 1.7.0 the same components (one Themed, one Table, one PagesNav)', async () => {
    const all = await loadOnDemandComponents();
    expect(all.Themed).toBe((await loadAntd.themed()).Themed);
    expect(all.Table).toBe((await loadAntd.table()).Table);
    expect(all.PagesNav).toBe((await loadAntd.pagesNav()).PagesNav);
    expect(all.Modal).toBe((await loadAntd.modal()).Modal);
  }, 30_000);

  it("themes what antd renders outside the tree once any component's module ran", async () => {
    const { Modal } = await loadAntd.modal();
    const { theme } = await import('../src/theme');
    Modal.confirm({ title: 'Themed confirmation', content: 'Body' });
    const dialog = await screen.findByRole('dialog', { name: 'Themed confirmation' });
    // The platform's primary colour reaches antd's generated styles through the ConfigProvider.
    const primary = theme.token?.colorPrimary;
    expect(primary).toBeTruthy();
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css.toLowerCase()).toContain(String(primary).toLowerCase());
    expect(dialog).toBeInTheDocument();
  });
});
