/**
 * The borders between the API's modules and between the front ends' feature folders (#31), checked
 * by `pnpm lint` (`scripts/borders/check.mjs`, which adds the API's one-owner-per-collection rule).
 * `scripts/test/borders.test.ts` proves each rule bites on a small tree.
 */
const PORTALS = '(shell|storefront-mfe|learner-mfe|educator-mfe|admin-mfe)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ---------- API ----------
    {
      name: 'api-module-internals',
      comment:
        "An API module is used only through its public interface (its index.ts): another module's files are private to it.",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/' },
      to: {
        path: '^api/src/modules/[^/]+/',
        pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-outside-module-internals',
      comment:
        'Code outside the modules (the composition root, seed, cli, auth, http) also uses a module only through its index.ts.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: '^api/src/modules/' },
      to: { path: '^api/src/modules/[^/]+/', pathNot: '^api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'api-no-module-cycles',
      comment:
        'The module graph is acyclic (modules and the top-level folders of api/src): a module calls only modules below it; consequences flow up as events.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^api/src/(modules/)?[^/]+$', pathNot: '^api/src/modules$' },
      to: { path: '^api/src/(modules/)?[^/]+$', pathNot: '^api/src/modules$', circular: true },
    },
    {
      name: 'api-no-file-cycles',
      severity: 'error',
      from: { path: '^api/src/' },
      to: { circular: true },
    },
    // ---------- Front ends (bulletproof-react's rules) ----------
    {
      name: 'feature-no-cross-import',
      comment:
        "A feature folder does not reach into another feature's folder: what features share lives in the portal's src/components, src/hooks, src/lib or in shared-ui.",
      severity: 'error',
      from: { path: `^${PORTALS}/src/features/([^/]+)/` },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'shared-no-feature-import',
      comment: "A portal's shared code (api, components, hooks, lib, types, utils) does not depend on its features.",
      severity: 'error',
      from: { path: `^${PORTALS}/src/(api|components|hooks|lib|utils|types)/` },
      to: { path: '^$1/src/features/' },
    },
    {
      name: 'contracts-no-cycles',
      comment: 'The contracts every part shares import each other without loops (types included).',
      severity: 'error',
      from: { path: '^contracts/src/' },
      to: { circular: true },
    },
    {
      name: 'front-end-no-cycles',
      severity: 'error',
      from: { path: `^(${PORTALS.slice(1, -1)}|shared-ui)/src/` },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|@mf-types)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
