import { PORTAL_NAMES, portalDir, SHELL } from '@courseport/contracts/platform';
import { defineConfig } from 'vitest/config';

const PORTAL_DIRS = PORTAL_NAMES.map(portalDir);
/** Front-end packages whose component tests run in jsdom with the shared set-up (portals: a mocked API too). */
const DOM_PACKAGES = ['shared-ui', SHELL.dir, ...PORTAL_DIRS];
/**
 * Tests import @courseport/contracts from its TypeScript source (the package's `@courseport/source`
 * export condition), never from a dist/ that may be older than the source: jsdom projects resolve in
 * Vite's client environment, Node ones in its ssr environment. api/ and e2e/ say the same in theirs.
 */
const CONTRACTS_SOURCE = ['@courseport/source'];
const contractsFromSource = {
  resolve: { conditions: CONTRACTS_SOURCE },
  environments: { ssr: { resolve: { conditions: CONTRACTS_SOURCE } } },
};

export default defineConfig({
  test: {
    projects: [
      'api',
      'e2e',
      ...DOM_PACKAGES.map((dir) => ({
        ...contractsFromSource,
        test: {
          name: dir,
          root: dir,
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/server/**'],
          setupFiles: [
            '../shared-ui/test/setup-dom.ts',
            ...(PORTAL_DIRS.includes(dir) ? ['../shared-ui/test/setup-portal.ts'] : []),
          ],
        },
      })),
      // The shell's server (shell/server) runs in Node.
      {
        ...contractsFromSource,
        test: { name: 'shell-server', root: SHELL.dir, environment: 'node', include: ['test/server/**/*.test.ts'] },
      },
      // The repository's own scripts, such as the border checks `pnpm lint` runs.
      {
        ...contractsFromSource,
        test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['test/**/*.test.ts'] },
      },
    ],
  },
});
