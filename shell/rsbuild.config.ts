import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';
import { runtimeConfigFromEnv } from './runtime-config.mjs';

export default defineConfig(
  defineFederatedApp({
    name: 'shell',
    // The server render of the portals' pages (src/server/render.tsx → dist/server/render.js).
    server: { entry: './src/server/render.tsx' },
    extra: {
      html: { favicon: './src/assets/favicon.svg' },
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
