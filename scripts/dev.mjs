// `pnpm dev`: the API (tsx watch) and the shell and portals (Rsbuild dev servers with hot reload)
// on their usual ports, all from source, sharing the embedded data folder at the repository root.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/platform.mjs';

const child = spawn('pnpm', ['-r', '--parallel', '--stream', 'run', 'dev'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { DEMO_SEED: 'true', ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(ROOT, '.data') },
});

console.log(`
Courseport (dev) is starting: app http://localhost:3000, API http://localhost:4000,
portals on 3001-3004 (each also runs standalone at its own port). Ctrl-C stops everything.
`);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
