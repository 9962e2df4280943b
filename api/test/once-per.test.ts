import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../src/clock.js';
import { cachedCatalog } from '../src/modules/courses/service.js';
import { learningService } from '../src/modules/learning/service.js';
import { oncePer } from '../src/once-per.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import type { Store } from '../src/store/index.js';

describe('oncePer', () => {
  it('builds once per key, and again for another key', () => {
    const build = vi.fn((key: { name: string }) => ({ of: key.name }));
    const of = oncePer(build);
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(of(a)).toBe(of(a));
    expect(of(b)).not.toBe(of(a));
    expect(of(b)).toEqual({ of: 'b' });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('keeps a value that is falsy', () => {
    const build = vi.fn(() => 0);
    const of = oncePer(build);
    const key = {};
    expect([of(key), of(key)]).toEqual([0, 0]);
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('what the modules of one app share', () => {
  const opened: Array<{ dir: string; store: Store }> = [];
  afterAll(async () => {
    for (const { dir, store } of opened) {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
  const store = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'courseport-once-per-'));
    const opening = await openEmbeddedStore(dir);
    opened.push({ dir, store: opening });
    return opening;
  };

  it('one cached catalog per store', async () => {
    const [one, two] = await Promise.all([store(), store()]);
    expect(cachedCatalog(one)).toBe(cachedCatalog(one));
    expect(cachedCatalog(two)).not.toBe(cachedCatalog(one));
  });

  it('one learning service per store and clock', async () => {
    const [one, two] = await Promise.all([store(), store()]);
    const clock: Clock = { now: () => new Date() };
    const otherClock: Clock = { now: () => new Date(0) };
    expect(learningService(one, clock)).toBe(learningService(one, clock));
    expect(learningService(one, otherClock)).not.toBe(learningService(one, clock));
    expect(learningService(two, clock)).not.toBe(learningService(one, clock));
  });
});
