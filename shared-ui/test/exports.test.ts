import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExports, type ExportsRecord, UPDATE_ENV } from './exports-check';

// shared-ui's run-time surface: what a portal may use from the singleton. Its main entry (which
// re-exports `./contracts`), each antd chunk `loadAntd.<key>()` hands out (`./antd/<key>`, what
// `@courseport/shared-ui/antd/*` reads: a key or a name added is a minor bump), and the all-in-one
// antd chunk `loadOnDemandComponents` still hands out to portals built before 1.7.0 (`./heavy`).
// Types are not here: they do not exist at run time (a missing one fails a portal's typecheck).
// A path, not a URL: jsdom's URL is not one node:fs takes.
const RECORD = path.join(import.meta.dirname, '../exports.json');
const PACKAGE = path.join(import.meta.dirname, '../package.json');

async function currentExports(): Promise<ExportsRecord> {
  const { version } = JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string };
  const names = (module: object) => Object.keys(module).sort();
  const { loadAntd } = await import('../src/load-on-demand');
  const antd = await Promise.all(
    Object.entries(loadAntd).map(async ([key, load]) => [`./antd/${key}`, names(await load())] as const),
  );
  return {
    version,
    exports: {
      '.': names(await import('../src/index')),
      './heavy': names(await import('../src/antd/on-demand')),
      ...Object.fromEntries(antd),
    },
  };
}

const record = (version: string, main: string[]): ExportsRecord => ({ version, exports: { '.': main } });

describe("shared-ui's exports and its version", () => {
  it('match shared-ui/exports.json, or the version was bumped for the change', async () => {
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as ExportsRecord;
    const current = await currentExports();
    const verdict = checkExports(recorded, current, process.env[UPDATE_ENV] === '1');
    if (verdict.write) writeFileSync(RECORD, `${JSON.stringify(current, null, 2)}\n`);
    expect(verdict.ok, verdict.ok ? '' : verdict.message).toBe(true);
  }, 30_000);

  it('fails on an added export with the same version, and on a patch bump; a minor bump passes once recorded', () => {
    const before = record('1.2.0', ['api', 'useToast']);
    const added = ['api', 'useQueryState', 'useToast'];
    const same = checkExports(before, record('1.2.0', added), true);
    expect(same.ok).toBe(false);
    expect(same.ok ? '' : same.message).toMatch(/\+ \.:useQueryState[\s\S]*minor version bump[\s\S]*1\.3\.0/);
    expect(checkExports(before, record('1.2.1', added), true).ok).toBe(false);
    // Bumped but not recorded: told to re-run with the update flag.
    const unrecorded = checkExports(before, record('1.3.0', added), false);
    expect(unrecorded.ok ? '' : unrecorded.message).toMatch(UPDATE_ENV);
    expect(checkExports(before, record('1.3.0', added), true)).toEqual({ ok: true, write: true });
  });

  it('fails on a removed export unless the major version was bumped', () => {
    const before = record('1.2.0', ['api', 'useToast']);
    const removed = checkExports(before, record('1.3.0', ['api']), true);
    expect(removed.ok).toBe(false);
    expect(removed.ok ? '' : removed.message).toMatch(/- \.:useToast[\s\S]*major version bump[\s\S]*2\.0\.0/);
    expect(checkExports(before, record('2.0.0', ['api']), true)).toEqual({ ok: true, write: true });
  });

  it('passes the same exports at any version, writing nothing', () => {
    const before = record('1.2.0', ['api']);
    expect(checkExports(before, record('1.2.0', ['api']), false)).toEqual({ ok: true, write: false });
    expect(checkExports(before, record('1.2.3', ['api']), true)).toEqual({ ok: true, write: false });
  });
});
