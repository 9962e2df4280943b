import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';

export default defineConfig(
  defineFederatedApp({
    name: 'educator',
    title: 'Courseport Educator',
    exposes: {
      './EducatorPortal': './src/pages/EducatorPortal.tsx',
    },
    extra: { server: { historyApiFallback: true } },
  }),
);
