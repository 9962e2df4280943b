import { PORTAL_NAMES, portalDir, SHELL } from '@courseport/contracts/platform';
import { defineConfig } from 'vitest/config';

const PORTAL_DIRS = PORTAL_NAMES.map(portalDir);
/** Front-end packages whose component tests run in jsdom with the shared set-up (portals: a mocked API too). */
const DOM_PACKAGES = ['shared-ui', SHELL.dir, ...PORTAL_DIRS];

export default defineConfig({
  test: {
    projects: [
      'api',
      'e2e',
      ...DOM_PACKAGES.map((dir) => ({
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
      { test: { name: 'shell-server', root: SHELL.dir, environment: 'node', include: ['test/server/**/*.test.ts'] } },
      // The repository's own scripts, such as the border checks `pnpm lint` runs.
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['test/**/*.test.ts'] } },
    ],
  },
});
