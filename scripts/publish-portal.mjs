// `pnpm portal:publish <portal> [--to <folder>]`: publishes the portal's build (`<portal>-mfe/dist`)
// under its version, `<folder>/<portal>/<version>/` (RELEASES_DIR, else `.releases`), for its host
// to serve at `/<version>/`. Then `pnpm release <portal> <version>` makes it live (or a canary).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PORTAL_NAMES, portalDir } from '@courseport/contracts/platform';
import { RELEASES_DIR, ROOT } from './lib/platform.mjs';
import { publishPortal } from './lib/publish.mjs';

const usage = `Usage: pnpm portal:publish <${PORTAL_NAMES.join('|')}> [--to <folder>]`;
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { to: { type: 'string' } } });
} catch (error) {
  console.error(`${/** @type {Error} */ (error).message}\n${usage}`);
  process.exit(2);
}
// A portal's name once the check below has passed (it exits otherwise).
const [portal] = /** @type {[import('@courseport/contracts/platform').PortalName]} */ (parsed.positionals);
if (parsed.positionals.length !== 1 || !PORTAL_NAMES.includes(portal)) {
  console.error(usage);
  process.exit(2);
}
const to = path.resolve(parsed.values.to ?? process.env.RELEASES_DIR ?? path.join(ROOT, RELEASES_DIR));
try {
  const { version, folder } = await publishPortal({ portal, from: path.join(ROOT, portalDir(portal), 'dist'), to });
  console.log(`Published ${portal} ${version} to ${folder}`);
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
