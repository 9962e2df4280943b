/** Child processes for `pnpm bench:api`: the API's production build, the bare baseline, the load runner. */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @returns {Promise<number>} a free loopback port */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * A started server process: its output goes to `logFile`, `stop()` sends SIGTERM and waits.
 * @typedef {{ url: string, child: import('node:child_process').ChildProcess, stop(): Promise<void> }} Started
 */

/**
 * @param {string} script absolute path of the server script
 * @param {{ port: number, env?: Record<string, string>, nodeFlags?: readonly string[], logFile: string, ready: string, readyWithinMs?: number }} options
 *   `ready` is a path polled until it answers 200 (within `readyWithinMs`, default 60 s)
 * @returns {Promise<Started>}
 */
export async function startServer(script, { port, env = {}, nodeFlags = [], logFile, ready, readyWithinMs = 60_000 }) {
  // The server writes its log straight into the file (as in production), not through this
  // process: relaying it would spend the cores the measurement shares.
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeFlags, script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 100))]);
    if (early) {
      closeSync(log);
      throw new Error(`${path.basename(script)} exited during start-up (${JSON.stringify(early)}); see ${logFile}`);
    }
    const ok = await fetch(url + ready).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      closeSync(log);
      throw new Error(
        `${path.basename(script)} did not answer ${ready} within ${readyWithinMs / 1000} s; see ${logFile}`,
      );
    }
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      closeSync(log);
    },
  };
}

/**
 * Runs one measurement in its own process (bench/lib/api-load.mjs).
 * @param {{ url: string, connections: number, seconds: number, warmupSeconds: number, requests?: Array<Record<string, unknown>>, perConnection?: Array<Array<Record<string, unknown>>>, warmupPerConnection?: Array<Array<Record<string, unknown>>> }} spec
 * @returns {Promise<{ requests: number, rps: number, p50: number, p99: number, errors: number, bad: number, statuses: Record<string, number>, bytesPerSecond: number }>}
 */
export async function runLoad(spec) {
  const dir = await mkdtemp(path.join(tmpdir(), 'courseport-bench-load-'));
  const file = path.join(dir, 'spec.json');
  await writeFile(file, JSON.stringify(spec));
  try {
    return await runLoadFrom(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** @param {string} file the options of bench/lib/api-load.mjs, as JSON */
function runLoadFrom(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/lib/api-load.mjs'), `@${file}`], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load runner exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch (error) {
        reject(error);
      }
    });
  });
}
