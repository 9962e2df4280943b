import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/http.js';

/** `pnpm release` (#22): scripts/release.mjs against the API over HTTP, with the release token. */

const CLI = path.resolve(import.meta.dirname, '../../scripts/release.mjs');
const TOKEN = 'release-token-for-the-cli-test-0123456789';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: { releaseToken: TOKEN } });
});
afterAll(() => api?.close());

/** Runs the CLI (asynchronously: the API answers from this same process). */
function release(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', COURSEPORT_API_URL: api.url, RELEASE_TOKEN: TOKEN, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('pnpm release', () => {
  it('releases, canaries, promotes, rolls back and shows the status, printing the API’s message', async () => {
    expect(await release(['storefront', '1.0.0'])).toEqual({
      code: 0,
      stdout: 'storefront 1.0.0 is live\n',
      stderr: '',
    });
    expect((await release(['storefront', '1.1.0', '--canary', '10'])).stdout).toBe(
      'storefront 1.1.0 is a 10 % canary\n',
    );
    const status = await release(['--status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^storefront +live 1\.0\.0 \(since .+, by release token\); canary 1\.1\.0 at 10 %/m);
    expect(status.stdout).toMatch(/^learner +never released$/m);
    expect((await release(['storefront', '--promote'])).stdout).toBe('storefront 1.1.0 is live\n');
    expect((await release(['storefront', '--rollback', '1.0.0'])).stdout).toBe('storefront rolled back to 1.0.0\n');
    await release(['storefront', '2.0.0', '--canary', '50']);
    expect((await release(['storefront', '--stop-canary'])).stdout).toBe("storefront's canary 2.0.0 is stopped\n");
    const { body } = await api.json('/api/releases');
    expect(body.releases).toEqual({ storefront: { live: '1.0.0', canary: null, previous: ['1.1.0'] } });
  });

  it('exits 1 with the API’s message when it refuses', async () => {
    expect(await release(['storefront', '--stop-canary'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'There is no canary to stop\n',
    });
    expect(await release(['nope', '1.0.0'])).toMatchObject({ code: 1, stderr: 'Unknown portal: nope\n' });
    expect(await release(['storefront', '1.0'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Version/),
    });
    expect(await release(['storefront', '3.0.0'], { RELEASE_TOKEN: `${TOKEN}x` })).toMatchObject({
      code: 1,
      stdout: '',
    });
    expect(await release(['storefront', '3.0.0'], { COURSEPORT_API_URL: 'http://127.0.0.1:9' })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Cannot reach the API at http:\/\/127\.0\.0\.1:9/),
    });
  });

  it('exits 2 with the usage on bad usage, before calling the API', async () => {
    for (const args of [
      [],
      ['storefront'],
      ['storefront', '1.0.0', 'extra'],
      ['storefront', '--promote', '--stop-canary'],
      ['storefront', '--canary', '10'],
      ['storefront', '1.0.0', '--canary', 'ten'],
      ['storefront', '--rollback'],
      ['--status', 'storefront'],
      ['storefront', '1.0.0', '--bogus'],
    ]) {
      const result = await release(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: pnpm release <portal> <version> [--canary <percent>]');
    }
    expect(await release(['storefront', '3.0.0'], { RELEASE_TOKEN: '' })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^RELEASE_TOKEN is not set/),
    });
    expect((await api.json('/api/releases')).body.releases).toMatchObject({ storefront: { live: '1.0.0' } });
  });
});
