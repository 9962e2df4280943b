import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from '../src/http/middleware/compress.js';
import { rawGet } from './support/http.js';

const big = { success: true, items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Lecture ${i}` })) };
const bigJson = JSON.stringify(big);
const text = 'All work and no play makes Jack a dull boy.\n'.repeat(500);

let server: Server;
let url: string;
beforeAll(async () => {
  const router = new Router();
  router.get('/big', (ctx) => {
    ctx.body = big;
  });
  router.get('/small', (ctx) => {
    ctx.body = { success: true };
  });
  router.get('/html', (ctx) => {
    ctx.body = `<p>${text}</p>`;
  });
  router.get('/encoded', (ctx) => {
    ctx.set('Content-Encoding', 'gzip');
    ctx.type = 'application/json';
    ctx.body = gzipSync(bigJson);
  });
  router.get('/image', (ctx) => {
    ctx.type = 'image/png';
    ctx.body = Readable.from([Buffer.alloc(5000, 7)]);
  });
  router.get('/text-stream', (ctx) => {
    ctx.type = 'text/plain';
    ctx.body = Readable.from([text.slice(0, 1000), text.slice(1000)]);
  });
  // #33: a byte range, and an answer marked no-transform (stream files), go as they are.
  router.get('/range', (ctx) => {
    ctx.status = 206;
    ctx.type = 'text/vtt';
    ctx.set('Content-Range', `bytes 0-1999/${text.length}`);
    ctx.body = text.slice(0, 2000);
  });
  router.get('/no-transform', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60, immutable, no-transform');
    ctx.type = 'text/vtt';
    ctx.body = text;
  });
  router.get('/empty', (ctx) => {
    ctx.status = 204;
  });
  const app = new Koa();
  app.use(compressResponses()).use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('response compression', () => {
  it.each([
    ['gzip', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['deflate', 'deflate', inflateSync],
    ['gzip;q=0, br', 'br', brotliDecompressSync],
    ['*', 'gzip', gunzipSync],
  ])('answers Accept-Encoding "%s" with %s, the same JSON and a matching length', async (accept, coding, decode) => {
    const res = await rawGet(`${url}/big`, { 'Accept-Encoding': accept });
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(bigJson.length / 3);
    expect(decode(res.body).toString()).toBe(bigJson);
  });

  it('sends the body as it is when the client accepts no coding, or the body is under 1 KB', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'gzip;q=0, br;q=0' },
    ];
    for (const headers of refusals) {
      const res = await rawGet(`${url}/big`, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(bigJson);
    }
    const small = await rawGet(`${url}/small`, { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.body.toString()).toBe('{"success":true}');
  });

  it('compresses HTML strings and text streams, not images', async () => {
    const html = await rawGet(`${url}/html`, { 'Accept-Encoding': 'gzip' });
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(html.body).toString()).toBe(`<p>${text}</p>`);

    const streamed = await rawGet(`${url}/text-stream`, { 'Accept-Encoding': 'br' });
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(streamed.body).toString()).toBe(text);

    const image = await rawGet(`${url}/image`, { 'Accept-Encoding': 'gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.equals(Buffer.alloc(5000, 7))).toBe(true);
  });

  it('leaves a body that is already encoded, a HEAD and a 204 alone', async () => {
    const encoded = await rawGet(`${url}/encoded`, { 'Accept-Encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(encoded.body).toString()).toBe(bigJson);

    const head = await fetch(`${url}/big`, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(bigJson));

    const empty = await rawGet(`${url}/empty`, { 'Accept-Encoding': 'gzip' });
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a byte range (206) and a no-transform answer alone (#33 stream files)', async () => {
    const range = await rawGet(`${url}/range`, { 'Accept-Encoding': 'gzip' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.toString()).toBe(text.slice(0, 2000));
    const kept = await rawGet(`${url}/no-transform`, { 'Accept-Encoding': 'gzip, br' });
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.body.toString()).toBe(text);
  });
});
