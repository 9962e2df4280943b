// `pnpm dev`: the API (tsx watch) and the shell and portals (Rsbuild dev servers with hot reload)
// on their usual ports, all from source (@courseport/contracts too: the API and the bundlers read its
// TypeScript under the `@courseport/source` condition, and its own `dev` keeps its dist/ built for
// what plain Node reads, such as the Rsbuild configs), sharing the embedded data folder at the
// repository root.
// One origin, as with `pnpm start`: the shell's dev server forwards /api and /checkout to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/platform.mjs';

// The demo, as with `pnpm start`: the API takes a process started without a mode for a deployment
// (production mode), which refuses DEMO_SEED and the local checkout.
const env = {
  DEMO_SEED: 'true',
  COURSEPORT_MODE: 'demo',
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? path.join(ROOT, '.data'),
};
const run = (/** @type {string} */ filter, /** @type {Record<string, string>} */ extraEnv = {}) =>
  spawn('pnpm', ['-r', '--parallel', '--stream', '--filter', filter, 'run', 'dev'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });

// The API's links (mails, checkout, images) point at the app's origin, unless PUBLIC_API_URL puts
// the API on its own (then the shell's runtime config names it too); the dev proxy is one hop.
const children = [
  run('@courseport/api', {
    PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? 'http://localhost:3000',
    TRUST_PROXY: process.env.TRUST_PROXY ?? (process.env.PUBLIC_API_URL ? '0' : '1'),
  }),
  run('!@courseport/api'),
];

console.log(`
Courseport (dev) is starting: app http://localhost:3000 (it serves the API's /api, from port 4000),
portals on 3001-3004 (each also runs standalone at its own port). Ctrl-C stops everything.
`);

let exiting = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => {
    exiting = true;
    for (const child of children) child.kill(signal);
  });
for (const child of children)
  child.on('exit', (code) => {
    if (!exiting) {
      exiting = true;
      for (const other of children) if (other !== child) other.kill('SIGTERM');
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0);
  });
