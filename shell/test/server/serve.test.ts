import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVE = fileURLToPath(new URL('../../server/serve.mjs', import.meta.url));

let child: ChildProcess;
let dist: string;
let base: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'courseport-shell-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Courseport</title></head></html>');
  await writeFile(
    path.join(dist, 'release.json'),
    JSON.stringify({ app: 'shell', version: '1.0.0', provides: { '@courseport/shared-ui': '1.0.0' } }),
  );
  child = spawn(process.execPath, [SERVE], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      SHELL_DIST: dist,
      // Nothing listens there: the forwarded call shows the API's absence in the API's own envelope.
      API_INTERNAL_URL: 'http://127.0.0.1:9',
      STOREFRONT_URL: 'https://cdn.example/storefront/v7/',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  base = `http://127.0.0.1:${/port (\d+)/.exec(line.toString())?.[1]}`;
});

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  await rm(dist, { recursive: true, force: true });
});

describe("the shell's server on its own", () => {
  it('takes where the portals are from the environment, into the runtime config and the page', async () => {
    const config = await fetch(`${base}/runtime-config.json`).then((r) => r.json());
    expect(config).toEqual({
      apiBaseUrl: '',
      remotes: expect.objectContaining({ storefront: 'https://cdn.example/storefront/v7/remoteEntry.js' }),
    });
    const page = await fetch(`${base}/course-list`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('https://cdn.example');
    const html = await page.text();
    expect(html).toContain('<script type="application/json" id="runtime-config">');
    expect(html).toContain('<link rel="preload" as="script" href="https://cdn.example/storefront/v7/remoteEntry.js">');
  });

  it('answers a path that is no page with 404, and forwards the API paths', async () => {
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    const api = await fetch(`${base}/api/health`);
    expect(api.status).toBe(502);
    expect(await api.json()).toEqual({ success: false, message: 'The API is unavailable' });
  });

  it('stops on SIGTERM', async () => {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
