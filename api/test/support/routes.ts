import { createApiRouter } from '../../src/app.js';
import type { AppDeps } from '../../src/deps.js';
import { checkoutRoutes } from '../../src/modules/purchases/routes.js';

/**
 * `METHOD path` of every route the app serves, read from its routers' own layers (the `/api`
 * router and the hosted checkout pages). Middleware layers have no methods; HEAD rides on GET.
 */
export function routeKeys(deps: AppDeps): string[] {
  const keys = new Set<string>();
  for (const router of [createApiRouter(deps), checkoutRoutes(deps)]) {
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') keys.add(`${method} ${String(layer.path)}`);
    }
  }
  return [...keys].sort();
}
