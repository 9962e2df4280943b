import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeServices } from '../src/compose.js';
import { startTestApi, type TestApi } from './support/http.js';

/**
 * The composition root builds every service once (what `oncePer` memos did per store before): the
 * routers share them, and a second app gets its own.
 */
describe('the composition root', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('builds each service once, and one per call', () => {
    const one = composeServices(api.deps);
    const two = composeServices(api.deps);
    expect(two.catalog).not.toBe(one.catalog);
    expect(two.learning).not.toBe(one.learning);
    expect(Object.keys(one)).toEqual(Object.keys(two));
  });

  it('hands the app the services it is given', async () => {
    const { createApp } = await import('../src/app.js');
    const services = composeServices(api.deps);
    const page = vi.spyOn(services.catalog, 'page');
    const app = createApp(api.deps, services);
    const { createServer } = await import('node:http');
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/api/course/all`);
      expect(response.status).toBe(200);
      expect(page).toHaveBeenCalledTimes(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
