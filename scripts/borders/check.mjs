import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { sharedCollections } from './collections.mjs';

const require = createRequire(import.meta.url);
/** @type {import('dependency-cruiser').IConfiguration} */
const CONFIG = require('../../.dependency-cruiser.cjs');

/** What `pnpm lint` cruises: the API and every front end. */
export const CRUISED = [
  'api/src',
  'contracts/src',
  'shared-ui/src',
  'shell/src',
  'storefront-mfe/src',
  'learner-mfe/src',
  'educator-mfe/src',
  'admin-mfe/src',
];

/**
 * Every border crossed under `rootDir`: the import rules of `.dependency-cruiser.cjs` and the API's
 * one-owner-per-collection rule, as readable lines (empty when the borders hold).
 * @param {string} rootDir
 * @param {string[]} [targets] folders relative to `rootDir`
 * @returns {Promise<string[]>}
 */
export async function borderViolations(rootDir, targets = CRUISED) {
  const present = [];
  const { existsSync } = await import('node:fs');
  for (const target of targets) if (existsSync(path.join(rootDir, target))) present.push(target);
  /** @type {string[]} */
  const problems = [];
  if (present.length > 0) {
    const cwd = process.cwd();
    process.chdir(rootDir);
    try {
      const { output } = await cruise(present, {
        ...CONFIG.options,
        validate: true,
        ruleSet: { forbidden: CONFIG.forbidden ?? [] },
      });
      if (typeof output === 'string') throw new Error(output);
      for (const v of output.summary.violations) {
        const via = v.cycle?.length ? ` (cycle: ${v.from} → ${v.cycle.map((c) => c.name).join(' → ')})` : '';
        problems.push(`${v.rule.name}: ${v.from} → ${v.to}${via}`);
      }
    } finally {
      process.chdir(cwd);
    }
  }
  const apiSrc = path.join(rootDir, 'api/src');
  if (existsSync(apiSrc))
    for (const { collection, owners } of await sharedCollections(apiSrc))
      problems.push(
        `api-collection-owner: '${collection}' is opened by ${owners.map((o) => `${o.owner} (${o.file})`).join(', ')}; one module owns it, the others call that module`,
      );
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const problems = await borderViolations(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} border violation(s): see .dependency-cruiser.cjs and docs/ARCHITECTURE.md`);
    process.exit(1);
  }
  console.log('Borders hold: no module reaches into another, no cycles, one owner per collection.');
}
