import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPortalManifests } from '../../server/portal-manifests.mjs';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

/** A static host for one portal; `requests` lists what it was asked, with the If-None-Match sent. */
async function host(handler: Handler) {
  const requests: Array<{ url: string | undefined; ifNoneMatch: string | undefined }> = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url, ifNoneMatch: req.headers['if-none-match'] });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const manifestOf = (name: string) => ({ exposes: [{ name, assets: { js: { sync: [`${name}.js`] } } }] });

function published(current: () => { etag: string; body: object }): Handler {
  return (req, res) => {
    const { etag, body } = current();
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag }).end();
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(JSON.stringify(body));
  };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe("the portals' published manifests", () => {
  it('are read beside the entry, wherever the portal is published', async () => {
    const { base, requests } = await host(published(() => ({ etag: '"1"', body: manifestOf('HomePage') })));
    const manifests = createPortalManifests();
    expect(await manifests.get(`${base}/releases/v2/remoteEntry.js`)).toEqual(manifestOf('HomePage'));
    expect(requests.map((r) => r.url)).toEqual(['/releases/v2/mf-manifest.json']);
    // Fresh: the next page takes the copy without asking again.
    expect(await manifests.get(`${base}/releases/v2/remoteEntry.js`)).toEqual(manifestOf('HomePage'));
    expect(requests).toHaveLength(1);
  });

  it('serve a stale copy at once and refresh it behind the page, revalidating by ETag', async () => {
    let release = { etag: '"1"', body: manifestOf('HomePage') };
    const { base, requests } = await host(published(() => release));
    const manifests = createPortalManifests({ ttlMs: 1 });
    const entry = `${base}/remoteEntry.js`;
    expect(await manifests.get(entry)).toEqual(manifestOf('HomePage'));

    const fetched = performance.now();
    await until(() => performance.now() - fetched > 2); // the copy is stale now
    expect(await manifests.get(entry)).toEqual(manifestOf('HomePage'));
    await until(() => requests.length === 2);
    expect(requests[1]?.ifNoneMatch).toBe('"1"');

    release = { etag: '"2"', body: manifestOf('NewHomePage') };
    let latest: unknown = null;
    while (JSON.stringify(latest) !== JSON.stringify(manifestOf('NewHomePage'))) {
      latest = await manifests.get(entry);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(requests.filter((r) => r.ifNoneMatch === undefined)).toHaveLength(1);
  });

  it('let a page go without hints when the portal is slow or down, and keep a copy once it answers', async () => {
    const held: Array<() => void> = [];
    const { base } = await host((req, res) => {
      held.push(() => published(() => ({ etag: '"1"', body: manifestOf('HomePage') }))(req, res));
    });
    const manifests = createPortalManifests({ firstWaitMs: 20 });
    const entry = `${base}/remoteEntry.js`;
    // The host has not answered (it holds the request): the page goes without.
    expect(await manifests.get(entry)).toBeNull();
    await until(() => held.length > 0);
    held[0]?.();
    let manifest: unknown = null;
    while (manifest === null) manifest = await manifests.get(entry);
    expect(manifest).toEqual(manifestOf('HomePage'));

    const down = await host((_req, res) => void res.writeHead(404).end());
    expect(await manifests.get(`${down.base}/remoteEntry.js`)).toBeNull();
  });
});
