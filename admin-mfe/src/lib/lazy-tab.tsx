import { LoadingState } from '@courseport/shared-ui';
import { type ComponentType, useEffect, useState } from 'react';

/** One tab's chunk: fetched once, kept once there. */
export interface TabChunk<P> {
  importTab: () => Promise<ComponentType<P>>;
  loaded: { Tab: ComponentType<P> } | null;
  pending: Promise<void> | null;
  failed: boolean;
}

function loadChunk<P>(chunk: TabChunk<P>): Promise<void> {
  if (chunk.failed) {
    chunk.failed = false;
    chunk.pending = null;
  }
  chunk.pending ??= chunk.importTab().then(
    (Tab) => {
      chunk.loaded = { Tab };
    },
    (error: unknown) => {
      // The next mount or `load()` starts a new fetch.
      chunk.failed = true;
      throw error;
    },
  );
  return chunk.pending;
}

export interface LazyTab<P> {
  readonly chunk: TabChunk<P>;
  /** Starts fetching the tab's chunk (once: later calls get the same promise). */
  load: () => Promise<void>;
}

/**
 * A dashboard tab in its own chunk (#34: the dashboard's first load carries its first tab and no
 * antd). No tab draws antd in its first screen (antd's look, plain markup); what a tab opens that
 * needs antd (a dialog, a confirmation) loads it when wanted, in antd's theme.
 * `<ChunkedTab tab={…} props={…} />` draws it.
 */
export function lazyTab<P extends object>(importTab: () => Promise<ComponentType<P>>): LazyTab<P> {
  const chunk: TabChunk<P> = { importTab, loaded: null, pending: null, failed: false };
  return { chunk, load: () => loadChunk(chunk) };
}

/**
 * A lazy tab's panel content: drawn at once when its chunk is there, else the loading state until
 * it is. The chunk of the tab an address opens is there before the first render (the page's
 * `loadPageData` on the server, its module's evaluation in the browser), so the server renders
 * the tab and the browser takes the same markup over; a tab seen before comes back instantly.
 * No Suspense: the tab's navigation (a router transition) shows the tab and its loading state at
 * once, rather than wait on the old tab for the chunk. A chunk that fails to load is thrown to the
 * nearest error boundary (the shell's Retry screen); the tab mounted again fetches it again.
 */
export function ChunkedTab<P extends object>({ tab, props }: { tab: LazyTab<P>; props: P }) {
  const { chunk } = tab;
  const [, setLoaded] = useState(chunk.loaded);
  const [error, setError] = useState<{ reason: unknown } | null>(null);
  useEffect(() => {
    if (chunk.loaded) return;
    let live = true;
    loadChunk(chunk).then(
      () => live && setLoaded(chunk.loaded),
      (reason: unknown) => live && setError({ reason }),
    );
    return () => {
      live = false;
    };
  }, [chunk]);
  if (error) throw error.reason;
  if (!chunk.loaded) return <LoadingState />;
  const { Tab } = chunk.loaded;
  return <Tab {...props} />;
}
