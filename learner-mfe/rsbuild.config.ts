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
      './PurchaseHistoryPage': './src/pages/PurchaseHistoryPage.tsx',
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
