import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';

export default defineConfig(
  defineFederatedApp({
    name: 'learner',
    title: 'Courseport Learner',
    exposes: {
      './MyEnrollmentsPage': './src/pages/MyEnrollmentsPage.tsx',
      './PlayerPage': './src/pages/PlayerPage.tsx',
      './PaymentReturnPage': './src/pages/PaymentReturnPage.tsx',
    },
    extra: { server: { historyApiFallback: true } },
  }),
);
