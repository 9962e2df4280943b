import { LoadingState } from '@courseport/shared-ui';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

/** antd's theme provider (`Themed`): a tab drawn with antd renders inside it. */
type ThemedComponent = ComponentType<{ children: ReactNode }>;

/** One tab's chunk (with antd's theme when it draws antd): fetched once, kept once there. */
export interface TabChunk<P> {
  importTab: () => Promise<ComponentType<P>>;
  /** The tab draws antd in its first screen: it renders inside `Themed` (see `LazyTabOptions`). */
  themed: boolean;
  loaded: { Tab: ComponentType<P>; Themed: ThemedComponent | null } | null;
  pending: Promise<void> | null;
  failed: boolean;
}

function loadChunk<P>(chunk: TabChunk<P>): Promise<void> {
  if (chunk.failed) {
    chunk.failed = false;
    chunk.pending = null;
  }
  chunk.pending ??= Promise.all([
    chunk.importTab(),
    chunk.themed ? import('@courseport/shared-ui/antd/themed').then((m) => m.Themed) : null,
  ]).then(
    ([Tab, Themed]) => {
      chunk.loaded = { Tab, Themed };
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
  /** Starts fetching the tab's chunk (and antd's theme for a themed tab; once: later calls get the same promise). */
  load: () => Promise<void>;
}

export interface LazyTabOptions {
  /**
   * true (the default): the tab draws antd in its first screen, so it renders inside antd's theme
   * provider (`Themed`, loaded with the tab) and the server sends antd's styles for it. false: a
   * plain tab (#34: antd's look without antd); its dialogs load antd, themed, when they are wanted.
   */
  themed?: boolean;
}

/**
 * A dashboard tab in its own chunk (#34: the dashboard's first load carries its first tab, plain,
 * and no antd), drawn with antd in the platform's theme unless `{ themed: false }`;
 * `<ChunkedTab tab={…} props={…} />` draws it.
 */
export function lazyTab<P extends object>(
  importTab: () => Promise<ComponentType<P>>,
  { themed = true }: LazyTabOptions = {},
): LazyTab<P> {
  const chunk: TabChunk<P> = { importTab, themed, loaded: null, pending: null, failed: false };
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
  const { Tab, Themed } = chunk.loaded;
  if (!Themed) return <Tab {...props} />;
  return (
    <Themed>
      <Tab {...props} />
    </Themed>
  );
}
