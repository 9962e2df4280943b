import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from '../../server/shell-server.mjs';

/**
 * The shell's build holds its server render bundle (`dist/server/render.js`, ~5 MB, the whole app
 * for Node) beside the files the browser gets (#30): the server reads it, the public never gets it.
 */

let dist: string;
let shell: Server;
let base: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'courseport-shell-private-'));
  await mkdir(path.join(dist, 'server'));
  await mkdir(path.join(dist, 'static', 'js'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Courseport</title><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'server', 'render.js'), 'module.exports = { secret: "server bundle" };');
  await writeFile(path.join(dist, 'server', 'package.json'), '{"type":"commonjs"}');
  await writeFile(path.join(dist, 'static', 'js', 'index.js'), 'console.log("public");');
  shell = createShellServer({
    root: dist,
    runtimeConfig: () => ({ apiBaseUrl: '', remotes: { storefront: 'http://127.0.0.1:9/remoteEntry.js' } }),
    apiTarget: () => 'http://127.0.0.1:9',
    publicOrigin: () => 'https://courseport.example',
    manifests: { get: async () => null } as never,
  });
  await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
});

afterAll(async () => {
  shell.closeAllConnections();
  await new Promise((resolve) => shell.close(resolve));
  await rm(dist, { recursive: true, force: true });
});

describe("the shell's server keeps its server bundle to itself", () => {
  it('answers 404 for dist/server/**, however the path is spelled, and still serves the public files', async () => {
    const paths = [
      '/server/render.js',
      '/server/package.json',
      '/server/',
      '/server',
      '/%73erver/render.js',
      '//server/render.js',
      '/static/../server/render.js',
      '/static/%2e%2e/server/render.js',
      '/SERVER/render.js',
    ];
    for (const pathname of paths) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(base + pathname, { method });
        const body = await res.text();
        expect(res.status, `${method} ${pathname}`).toBe(404);
        expect(body, `${method} ${pathname}`).not.toContain('server bundle');
      }
    }
    const open = await fetch(`${base}/static/js/index.js`);
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('console.log("public");');
  });
});
