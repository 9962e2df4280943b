// `pnpm start`: builds what is not built, then serves the whole platform from built files.
import { spawnSync } from 'node:child_process';
import { PORTAL_NAMES, portalUrlVariable } from '@courseport/contracts/platform';
import { missingBuilds, ROOT, startPlatform } from './lib/platform.mjs';

// A portal published elsewhere (STOREFRONT_URL etc.) is used from there instead of served here.
const portalUrls = Object.fromEntries(
  PORTAL_NAMES.filter((name) => process.env[portalUrlVariable(name)]).map((name) => [
    name,
    process.env[portalUrlVariable(name)],
  ]),
);

const missing = missingBuilds();
if (missing.length > 0) {
  console.log(`Building ${missing.join(', ')} (first start)...`);
  const filters = missing.flatMap((pkg) => ['--filter', `./${pkg}`]);
  const build = spawnSync('pnpm', [...filters, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(1);
  }
}

let platform;
try {
  platform = await startPlatform({
    publicHost: process.env.PUBLIC_HOST ?? 'localhost',
    // Set only to put the API on an origin of its own; by default the app's origin serves /api.
    publicApiUrl: process.env.PUBLIC_API_URL,
    portalUrls,
  });
} catch (error) {
  console.error(`Courseport could not start: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}

const { urls } = platform;
const apiBase = process.env.PUBLIC_API_URL?.replace(/\/$/, '') || urls.shell;
const label = (/** @type {string} */ text) => text.padEnd(20);
const portalLines = PORTAL_NAMES.map((name) => {
  const entry = urls[name].endsWith('.js') ? urls[name] : `${urls[name]}/remoteEntry.js`;
  return `  ${label(`${/** @type {string} */ (name[0]).toUpperCase()}${name.slice(1)} portal`)}${entry}`;
});
console.log(`
Courseport is running:
  ${label('App (shell)')}${urls.shell}
  ${label('API')}${apiBase}/api/health${apiBase === urls.shell ? `  (forwarded to the API on port ${platform.ports.api})` : ''}
${portalLines.join('\n')}

Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Courseport...');
    await platform.stop();
    process.exit(0);
  });
}
platform.api.on('exit', (code) => {
  if (stopping) return;
  console.error(`The API stopped unexpectedly (exit code ${code}).`);
  platform.stop().then(() => process.exit(1));
});
