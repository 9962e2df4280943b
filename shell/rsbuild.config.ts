import { defineFederatedApp } from '@courseport/shared-ui/federation';
import { defineConfig } from '@rsbuild/core';
import { runtimeConfigFromEnv } from './runtime-config.mjs';

/**
 * antd's packages. antd loads on demand, one component per async chunk of the shared-ui singleton
 * (`loadAntd`): what at least 4 of those chunks use (CSS-in-JS, ConfigProvider, motion, trigger,
 * rc-* utilities; every antd screen needs most of it) is one shared chunk, `antd-core`, and the
 * rest is split by the set of components using it, in pieces of at least 20 KB (smaller ones stay
 * in each component's chunk). Measured (#34, docs/performance.md): fewer bytes than rspack's
 * default split for every page and 2–3 times fewer files than no minimum size.
 */
const ANTD =
  /[\\/]node_modules[\\/]\.pnpm[\\/](antd|@ant-design|@rc-component|rc-|@babel\+runtime|classnames|@emotion)/;

export default defineConfig(
  defineFederatedApp({
    name: 'shell',
    // The server render of the portals' pages (src/server/render.tsx → dist/server/render.js).
    server: { entry: './src/server/render.tsx' },
    extra: {
      performance: {
        chunkSplit: {
          strategy: 'split-by-experience',
          override: {
            maxAsyncRequests: Number.POSITIVE_INFINITY,
            cacheGroups: {
              antdCore: {
                test: ANTD,
                chunks: 'async',
                name: 'antd-core',
                minChunks: 4,
                priority: 20,
              },
              antd: {
                test: ANTD,
                chunks: 'async',
                minSize: 20_000,
                priority: 10,
                reuseExistingChunk: true,
              },
            },
          },
        },
      },
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
