import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';

export default defineConfig(
  defineFederatedApp({
    name: 'admin',
    title: 'Courseport Admin',
    exposes: {
      './AdminDashboardPage': './src/pages/AdminDashboardPage.tsx',
    },
    extra: { server: { historyApiFallback: true } },
  }),
);
