import { beforeEach, describe, expect, it, vi } from 'vitest';

// The federation runtime, reduced to what the registry uses: each remote's registered entry, and
// entries that fail to load.
const runtime = vi.hoisted(() => {
  const registered = new Map<string, string>();
  const broken = new Set<string>();
  return {
    registered,
    broken,
    registerRemotes: vi.fn((remotes: Array<{ name: string; entry: string }>) => {
      for (const { name, entry } of remotes) registered.set(name, entry);
    }),
    loadRemote: vi.fn(async (id: string) => {
      const entry = registered.get(id.split('/')[0] ?? '') ?? '';
      if (broken.has(entry)) throw new Error(`ScriptExternalLoadError: ${entry}`);
      return { default: () => entry };
    }),
  };
});
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const LIVE = 'http://portal.test/1.0.0/remoteEntry.js';
const CANARY = 'http://portal.test/2.0.0/remoteEntry.js';

async function freshRegistry() {
  vi.resetModules();
  return import('../src/lib/registry');
}

beforeEach(() => {
  runtime.registered.clear();
  runtime.broken.clear();
  runtime.registerRemotes.mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('a portal on a canary that fails to load', () => {
  it('is loaded from its live version instead, before any Retry screen', async () => {
    const registry = await freshRegistry();
    runtime.broken.add(CANARY);
    registry.registerPortals({ storefront: CANARY }, false, { storefront: LIVE });
    const page = await registry.loadPage('storefront', 'HomePage');
    expect((page.default as () => string)()).toBe(LIVE);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'storefront', entry: LIVE }], { force: true });
    // Its other pages come from the live version too, and Retry would reset that one.
    const other = await registry.loadPage('storefront', 'CourseListPage');
    expect((other.default as () => string)()).toBe(LIVE);
  });

  it('switches once when several of its pages fail together', async () => {
    const registry = await freshRegistry();
    runtime.broken.add(CANARY);
    registry.registerPortals({ storefront: CANARY }, false, { storefront: LIVE });
    await Promise.all([registry.loadPage('storefront', 'HomePage'), registry.loadPage('storefront', 'CourseListPage')]);
    const switches = runtime.registerRemotes.mock.calls.filter(([remotes]) => remotes[0]?.entry === LIVE);
    expect(switches).toHaveLength(1);
  });

  it('fails as before when the live version fails too, or when there is no fallback', async () => {
    const registry = await freshRegistry();
    runtime.broken.add(CANARY).add(LIVE);
    registry.registerPortals({ storefront: CANARY, learner: CANARY }, false, { storefront: LIVE });
    await expect(registry.loadPage('storefront', 'HomePage')).rejects.toThrow(LIVE);
    await expect(registry.loadPage('learner', 'PlayerPage')).rejects.toThrow(CANARY);
  });
});
