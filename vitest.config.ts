import { defineConfig } from 'vitest/config';

/** Front-end packages whose component tests run in jsdom with the shared set-up. */
const DOM_PACKAGES = ['shared-ui', 'shell', 'admin-mfe', 'storefront-mfe', 'educator-mfe', 'learner-mfe'];

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
          setupFiles: ['../shared-ui/test/setup-dom.ts'],
        },
      })),
    ],
  },
});
