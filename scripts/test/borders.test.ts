import { describe, expect, it } from 'vitest';
import { borderViolations } from '../borders/check.mjs';
import { fixtureTrees } from './support/tree';

/** Each case is a small tree with one border crossed; `pnpm lint` runs the same check on the real one. */
const tree = fixtureTrees('borders-');

const rulesOf = (problems: string[]) => [...new Set(problems.map((p) => p.slice(0, p.indexOf(':'))))];

/** Two API modules that keep their borders: `b` uses `a` through its index. */
const GOOD_API = {
  'api/src/modules/a/repository.ts': "export const aRepository = (store: any) => store.collection('a');\n",
  'api/src/modules/a/service.ts':
    "import { aRepository } from './repository.js';\nexport const aService = aRepository;\n",
  'api/src/modules/a/index.ts': "export { aService } from './service.js';\n",
  'api/src/modules/b/index.ts': "import { aService } from '../a/index.js';\nexport const bService = aService;\n",
  'api/src/app.ts': "import { bService } from './modules/b/index.js';\nexport const app = bService;\n",
};

describe('the API borders (#31)', () => {
  it('pass on modules that use each other through their index.ts', async () => {
    expect(await borderViolations(await tree('good-api', GOOD_API))).toEqual([]);
  });

  it("fail when a module imports another's internals", async () => {
    const dir = await tree('internals', {
      ...GOOD_API,
      'api/src/modules/b/service.ts':
        "import { aRepository } from '../a/repository.js';\nexport const x = aRepository;\n",
    });
    const problems = await borderViolations(dir);
    expect(rulesOf(problems)).toEqual(['api-module-internals']);
    expect(problems[0]).toContain('api/src/modules/b/service.ts → api/src/modules/a/repository.ts');
  });

  it("fail when code outside the modules imports a module's internals", async () => {
    const dir = await tree('outside', {
      ...GOOD_API,
      'api/src/seed/demo.ts': "import { aService } from '../modules/a/service.js';\nexport const seed = aService;\n",
    });
    expect(rulesOf(await borderViolations(dir))).toEqual(['api-outside-module-internals']);
  });

  it("fail when a module opens another's collection", async () => {
    const dir = await tree('collection', {
      ...GOOD_API,
      'api/src/modules/b/report.ts':
        "export const count = (store: any) => store.collection<{ _id: string }>('a').count({});\n",
    });
    const problems = await borderViolations(dir);
    expect(rulesOf(problems)).toEqual(['api-collection-owner']);
    expect(problems[0]).toContain("'a' is opened by");
    expect(problems[0]).toContain('modules/a (modules/a/repository.ts:1)');
    expect(problems[0]).toContain('modules/b (modules/b/report.ts:1)');
  });

  it('fail when two modules call each other, even through their interfaces', async () => {
    const dir = await tree('module-cycle', {
      ...GOOD_API,
      'api/src/modules/a/service.ts':
        "import { aRepository } from './repository.js';\nimport { bService } from '../b/index.js';\nexport const aService = aRepository ?? bService;\n",
    });
    expect(rulesOf(await borderViolations(dir))).toContain('api-no-module-cycles');
  });

  it('fail on a cycle between a top-level folder and a module', async () => {
    const dir = await tree('folder-cycle', {
      ...GOOD_API,
      'api/src/auth/index.ts': "import { aService } from '../modules/a/index.js';\nexport const auth = aService;\n",
      'api/src/modules/a/routes.ts': "import { auth } from '../../auth/index.js';\nexport const routes = auth;\n",
    });
    expect(rulesOf(await borderViolations(dir))).toContain('api-no-module-cycles');
  });
});

describe('the front-end borders (#31)', () => {
  const GOOD_PORTAL = {
    'storefront-mfe/src/components/Card.tsx': 'export const Card = () => null;\n',
    'storefront-mfe/src/features/home/HomePage.tsx':
      "import { Card } from '../../components/Card';\nimport { List } from './List';\nexport const HomePage = () => [Card, List];\n",
    'storefront-mfe/src/features/home/List.tsx': 'export const List = () => null;\n',
    'storefront-mfe/src/features/course/CoursePage.tsx':
      "import { Card } from '../../components/Card';\nexport const CoursePage = () => Card;\n",
  };

  it('pass on features that share through src/components', async () => {
    expect(await borderViolations(await tree('good-portal', GOOD_PORTAL))).toEqual([]);
  });

  it("fail when a feature imports from another feature's folder", async () => {
    const dir = await tree('cross-feature', {
      ...GOOD_PORTAL,
      'storefront-mfe/src/features/course/Related.tsx':
        "import { List } from '../home/List';\nexport const Related = () => List;\n",
    });
    const problems = await borderViolations(dir);
    expect(rulesOf(problems)).toEqual(['feature-no-cross-import']);
    expect(problems[0]).toContain(
      'storefront-mfe/src/features/course/Related.tsx → storefront-mfe/src/features/home/List.tsx',
    );
  });

  it("fail when a portal's shared components import a feature", async () => {
    const dir = await tree('shared-to-feature', {
      ...GOOD_PORTAL,
      'storefront-mfe/src/components/Banner.tsx':
        "import { List } from '../features/home/List';\nexport const Banner = () => List;\n",
    });
    expect(rulesOf(await borderViolations(dir))).toEqual(['shared-no-feature-import']);
  });

  it("fail when a portal's shared API code imports a feature", async () => {
    const dir = await tree('shared-api-to-feature', {
      ...GOOD_PORTAL,
      'storefront-mfe/src/api/catalog.ts':
        "import { List } from '../features/home/List';\nexport const catalog = List;\n",
    });
    expect(rulesOf(await borderViolations(dir))).toEqual(['shared-no-feature-import']);
  });

  it('fail on an import cycle', async () => {
    const dir = await tree('fe-cycle', {
      ...GOOD_PORTAL,
      'storefront-mfe/src/features/home/List.tsx':
        "import { HomePage } from './HomePage';\nexport const List = () => HomePage;\n",
    });
    expect(rulesOf(await borderViolations(dir))).toEqual(['front-end-no-cycles']);
  });
});

describe('the contracts (#31)', () => {
  it('fail on an import cycle, even of types alone', async () => {
    const dir = await tree('contracts-cycle', {
      'contracts/src/platform.ts':
        "import type { Course } from './types.js';\nexport type PortalName = 'storefront';\nexport type Page = Course;\n",
      'contracts/src/types.ts':
        "import type { PortalName } from './platform.js';\nexport interface Course { portal: PortalName }\n",
    });
    expect(rulesOf(await borderViolations(dir))).toEqual(['contracts-no-cycles']);
  });
});
