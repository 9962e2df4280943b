import { readdir } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';

/**
 * The multipart reader under bodies built to stop or freeze the API: endless part headers,
 * quadratic header parameters, bodies past the total size with and without Content-Length, and
 * floods of parts. The server runs in this process, so its event loop is this one: a parser that
 * blocks it shows up in `monitorEventLoopDelay`.
 */

const BOUNDARY = '----courseport-multipart-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const MB = 1024 * 1024;
const PNG = thumbnailPng(1, 32, 18);
const COURSE = JSON.stringify({
  courseTitle: 'Multipart',
  coursePrice: 10,
  discount: 0,
  courseContent: [],
});

let api: TestApi;
let educator: { token: string; userId: string };

beforeAll(async () => {
  api = await startTestApi();
  educator = await userWithProfile(api, 'uploader@example.com', { educator: true });
});
afterAll(() => api.close());

interface Answer {
  status: number;
  body: { success?: boolean; message?: string };
  /** Bytes the client had handed to the socket when the answer's headers arrived. */
  sentWhenAnswered: number;
}

/**
 * POSTs a body produced chunk by chunk (never held in memory whole) to add-course with node:http,
 * chunked unless `contentLength` is given. The server may answer before the body ends and then
 * stop reading it: the answer is what counts, and the client hangs up once it has it.
 */
function send(
  chunks: () => Iterable<Buffer>,
  { contentLength, headers = {} }: { contentLength?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(api.url);
  let sent = 0;
  const body = Readable.from(
    (function* () {
      for (const chunk of chunks()) {
        sent += chunk.length;
        yield chunk;
      }
    })(),
  );
  const agent = new Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/educator/add-course',
        method: 'POST',
        // A connection of its own, closed with the answer (the server stops reading a refused body,
        // so the connection cannot carry another request), but not announced as closing: a server
        // that answers `Connection: close` resets the connection at once, answer unread or not.
        agent,
        headers: {
          'Content-Type': MULTIPART,
          ...(contentLength === undefined ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': contentLength }),
          ...bearer(educator.token),
          ...headers,
        },
      },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => {
          const answer = {
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(parts).toString()),
            sentWhenAnswered,
          };
          body.unpipe(req);
          body.destroy();
          agent.destroy();
          resolve(answer);
        });
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.flushHeaders();
    body.pipe(req);
  });
}

/** `text` repeated to at least `total` bytes, in 64 KB chunks made one at a time. */
function* repeated(text: string, total: number): Generator<Buffer> {
  const chunk = Buffer.from(text.repeat(Math.ceil((64 * 1024) / text.length)));
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
}

const partStart = (disposition: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}`);
const close = () => Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
function part(name: string, data: Buffer | string, extra = ''): Buffer {
  const filename = typeof data === 'string' ? '' : '; filename="thumb.png"\r\nContent-Type: image/png';
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename}${extra}\r\n\r\n`),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
}

async function nothingStored() {
  expect(await api.deps.store.collection('courses').countDocuments({})).toBe(0);
  expect(await readdir(path.join(api.deps.config.dataDir, 'media')).catch(() => [])).toEqual([]);
}

async function healthy() {
  const res = await api.request('/api/health');
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

describe('POST /api/educator/add-course: bodies built to stop or freeze the API', () => {
  it('refuses a part header of 256 MB after reading a few of them, and keeps answering', async () => {
    // The header never ends: formidable held it in one growing string until the process died.
    const answer = await send(function* () {
      yield partStart('form-data; name="courseData"; x="');
      yield* repeated('a', 256 * MB);
    });
    expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Malformed multipart body' } });
    // What the socket buffers took before the close, not the 256 MB.
    expect(answer.sentWhenAnswered).toBeLessThan(64 * MB);
    await healthy();
    await nothingStored();
  });

  it('closes the connection of a client that keeps sending after the refusal', async () => {
    // A raw socket that writes an endless part header as fast as the server takes it, answer or not
    // (node:http would stop sending once the answer has arrived).
    const url = new URL(api.url);
    const socket = connect(Number(url.port), url.hostname);
    let sent = 0;
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const chunk = Buffer.from(`${(64 * 1024).toString(16)}\r\n${'a'.repeat(64 * 1024)}\r\n`);
    const write = () => {
      while (!socket.destroyed && sent < 256 * MB) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', write);
      }
    };
    const start = partStart('form-data; name="courseData"; x="');
    socket.write(
      `POST /api/educator/add-course HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: ${MULTIPART}\r\n` +
        `Authorization: Bearer ${educator.token}\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${start.length.toString(16)}\r\n${start}\r\n`,
    );
    write();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"message":"Malformed multipart body"');
    // After the answer, 16 MB more are read and dropped (so that a client still sending can read
    // the answer), then the server closes the connection: the rest is what the socket buffers took.
    expect(sent).toBeLessThan(64 * MB);
    await healthy();
  });

  it('refuses a 384 KB Content-Disposition of repeated filename="a" without holding up other requests', async () => {
    // formidable parsed such a header in quadratic time: 6–10 s in which no request was answered.
    // formidable's filename pattern scanned to the end of the header from every `filename=` in it.
    const header = Buffer.concat([
      partStart('form-data; name="image"; '),
      ...repeated('filename="a"', 384 * 1024),
      Buffer.from('x'),
    ]);
    const body = Buffer.concat([header, Buffer.from('\r\nContent-Type: image/png\r\n\r\n'), PNG, close()]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // Other requests keep arriving while the upload is parsed; each waits as long as the parser blocks.
    let uploading = true;
    let slowestHealthMs = 0;
    const [upload] = await Promise.all([
      send(() => [body], { contentLength: body.length }).finally(() => {
        uploading = false;
      }),
      (async () => {
        do {
          const started = performance.now();
          await healthy();
          slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
        } while (uploading);
      })(),
    ]);
    delay.disable();
    // The event loop (the server's: it runs in this process) never stopped for long.
    expect(delay.max / 1e6).toBeLessThan(300);
    expect(slowestHealthMs).toBeLessThan(1000);
    expect(upload).toMatchObject({ status: 400, body: { success: false, message: 'Malformed multipart body' } });
    await nothingStored();
  });

  it('refuses a body whose Content-Length is over the total limit before reading any of it', async () => {
    // One gigabyte announced, nothing sent: only an answer that does not wait for the body arrives.
    const answer = await send(() => [], { contentLength: 1024 * MB });
    expect(answer).toMatchObject({
      status: 413,
      body: { success: false, message: 'The thumbnail must be 5 MB or smaller' },
    });
    await healthy();
    await nothingStored();
  });

  it('counts the bytes of a chunked body as they arrive and refuses it past the total limit', async () => {
    // A preamble before the first boundary is skipped by the parser and no per-part limit sees it:
    // only the running total stops this body, which would otherwise never end.
    const answer = await send(function* () {
      yield* repeated('preamble ', 256 * MB);
    });
    expect(answer).toMatchObject({
      status: 413,
      body: { success: false, message: 'The thumbnail must be 5 MB or smaller' },
    });
    expect(answer.sentWhenAnswered).toBeLessThan(64 * MB);
    await healthy();
    await nothingStored();
  });

  it('refuses more than 20 fields', async () => {
    const fields = Array.from({ length: 21 }, (_, i) => part(`field${i}`, 'x'));
    const answer = await send(() => [...fields, part('courseData', COURSE), part('image', PNG), close()]);
    expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Too many form fields' } });
    await nothingStored();
  });

  it('refuses a flood of parts, even parts that are neither fields nor files', async () => {
    // Parts without a Content-Disposition are skipped by the parser, but each one still counts.
    const empty = Buffer.from(`--${BOUNDARY}\r\nX-Filler: 1\r\n\r\n\r\n`);
    const answer = await send(function* () {
      yield part('courseData', COURSE);
      for (let i = 0; i < 100_000; i++) yield empty;
      yield part('image', PNG);
      yield close();
    });
    expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Too many parts in the form' } });
    await healthy();
    await nothingStored();
  });

  it('refuses a second file before reading it', async () => {
    const answer = await send(() => [part('courseData', COURSE), part('image', PNG), part('other', PNG), close()]);
    expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Upload exactly one image' } });
    await nothingStored();
  });

  it('reads an explicit Content-Transfer-Encoding: 7bit (the identity) as no encoding at all', async () => {
    const answer = await send(() => [
      part('courseData', COURSE, '\r\nContent-Transfer-Encoding: 7bit'),
      part('image', PNG),
      close(),
    ]);
    expect(answer).toMatchObject({ status: 201, body: { success: true } });
    await api.deps.store.collection('courses').deleteMany({});
    const media = path.join(api.deps.config.dataDir, 'media');
    for (const file of await readdir(media)) await api.deps.store.blobs.delete(file);
  });
});
