import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';
import { devApiProxy, runtimeConfigFromEnv } from './runtime-config.mjs';

export default defineConfig(
  defineFederatedApp({
    name: 'shell',
    title: 'Courseport',
    extra: {
      html: { favicon: './src/assets/favicon.svg' },
      // One origin in development too: the API (pnpm dev runs it on 4000) answers /api and the
      // local checkout's page through this server, as it does through `pnpm start`'s.
      server: { historyApiFallback: true, proxy: devApiProxy() },
      dev: {
        setupMiddlewares: [
          (middlewares) => {
            middlewares.unshift((req, res, next) => {
              if (req.url?.split('?')[0] !== '/runtime-config.json') return next();
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(JSON.stringify(runtimeConfigFromEnv()));
            });
          },
        ],
      },
    },
  }),
);
