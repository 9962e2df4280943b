import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../../routes.mjs';
import { createServerRender, serverEntryOf } from '../../server/server-render.mjs';

// The server render's paths, with stand-in render modules (CommonJS files, as the shell's build
// makes): one that renders, one that throws, one too slow for the deadline, and none at all.

let folder: string;
const renders: Array<ReturnType<typeof createServerRender>> = [];

const moduleFile = async (name: string, body: string) => {
  const file = path.join(folder, `${name}.cjs`);
  await writeFile(file, body);
  return file;
};

const request = (url = '/course/c1') => ({
  url,
  match: matchRoute(new URL(url, 'http://x').pathname),
  publicConfig: { authMode: 'local', currency: 'Rs' },
  runtimeConfig: { remotes: { storefront: 'https://cdn.example/storefront/v2/remoteEntry.js' } },
  apiTarget: 'http://127.0.0.1:4000',
});

const renderWith = (renderModule: string | null, deadlineMs = 300) => {
  const render = createServerRender({ renderModule, deadlineMs });
  renders.push(render);
  return render;
};

const text = async (stream: NodeJS.ReadableStream) => {
  let html = '';
  for await (const chunk of stream) html += chunk;
  return html;
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'courseport-render-'));
});
afterEach(async () => {
  await Promise.all(renders.splice(0).map((render) => render.close()));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the server render', () => {
  it("renders a storefront page with the portal's server entry, and gives the cache it rendered with", async () => {
    const file = await moduleFile(
      'renders',
      `exports.renderApp = async (options) => ({
        stream: require('node:stream').Readable.from(['<main>', JSON.stringify(options.serverRemotes), options.url, '</main>']),
        state: { queries: [{ queryKey: ['course', 'c1'] }] },
      });`,
    );
    const rendered = await renderWith(file).render(request());
    if (!rendered) throw new Error('not rendered');
    expect(await text(rendered.stream)).toBe(
      '<main>{"storefront":"https://cdn.example/storefront/v2/server/remoteEntry.js"}/course/c1</main>',
    );
    expect(rendered.state).toEqual({ queries: [{ queryKey: ['course', 'c1'] }] });
  });

  it('names the server entry beside the browser entry', () => {
    expect(serverEntryOf('https://cdn.example/storefront/v2/remoteEntry.js')).toBe(
      'https://cdn.example/storefront/v2/server/remoteEntry.js',
    );
  });

  it('leaves a page client-rendered when the render module is missing', async () => {
    expect(await renderWith(path.join(folder, 'nothing-here.cjs')).render(request())).toBeNull();
    expect(await renderWith(null).render(request())).toBeNull();
  });

  it("leaves a page client-rendered when the render throws (the portal's server build is broken)", async () => {
    const file = await moduleFile('throws', `exports.renderApp = async () => { throw new Error('broken build'); };`);
    expect(await renderWith(file).render(request())).toBeNull();
  });

  it('leaves a page client-rendered when the render module itself fails to load', async () => {
    const file = await moduleFile('fails', `throw new Error('cannot start');`);
    expect(await renderWith(file).render(request())).toBeNull();
  });

  it('gives up a render past its deadline, and tells the render to stop', async () => {
    const file = await moduleFile(
      'slow',
      `exports.renderApp = (options) => new Promise((resolve, reject) => {
        options.signal.addEventListener('abort', () => reject(options.signal.reason));
      });`,
    );
    const started = Date.now();
    expect(await renderWith(file, 200).render(request())).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('renders only the pages of a server-rendered portal, and not for a Clerk deployment', async () => {
    const file = await moduleFile(
      'any',
      `exports.renderApp = async () => ({ stream: require('node:stream').Readable.from(['x']), state: {} });`,
    );
    const render = renderWith(file);
    expect(await render.render(request('/my-enrollments'))).toBeNull();
    expect(await render.render({ ...request('/nowhere'), match: null })).toBeNull();
    expect(await render.render({ ...request(), publicConfig: { authMode: 'clerk', currency: 'Rs' } })).toBeNull();
    expect(await render.render({ ...request(), publicConfig: undefined as never })).toBeNull();
    expect(await render.render(request('/'))).not.toBeNull();
  });
  it("renders the shell's signed-in page (the mail settings, #34) only for its user, with the signed-in deadline", async () => {
    const file = await moduleFile(
      'shell-page',
      `exports.renderApp = async (options) => ({
        stream: require('node:stream').Readable.from([options.url, ' for ', options.user ? options.user.identity.email : 'nobody']),
        state: {},
      });`,
    );
    const render = renderWith(file);
    const settings = { ...request('/settings/notifications'), match: null };
    expect(settings.match).toBeNull();
    expect(await render.render(settings)).toBeNull();
    const user = { token: 't', identity: { id: 'u1', email: 'u@example.com', fullName: 'Uma', imageUrl: '' } };
    const rendered = await render.render({ ...settings, user });
    if (!rendered) throw new Error('not rendered');
    expect(await text(rendered.stream)).toBe('/settings/notifications for u@example.com');
    // The shell's other pages stay in the browser, signed in or not.
    expect(await render.render({ ...request('/unsubscribe'), match: null, user })).toBeNull();
  });
});
