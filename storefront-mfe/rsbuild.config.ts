import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';

export default defineConfig(
  defineFederatedApp({
    name: 'storefront',
    title: 'Courseport Storefront',
    exposes: {
      './HomePage': './src/pages/HomePage.tsx',
      './CourseListPage': './src/pages/CourseListPage.tsx',
      './CourseDetailsPage': './src/pages/CourseDetailsPage.tsx',
    },
    extra: {
      server: {
        historyApiFallback: true,
        // Standalone, the portal calls the API on its own origin (as in the shell): forward it.
        proxy: { '/api': { target: 'http://127.0.0.1:4000', xfwd: true } },
      },
    },
  }),
);
