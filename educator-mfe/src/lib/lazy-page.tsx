import { type ComponentType, type ReactElement, type ReactNode, Suspense, use, useState } from 'react';

/** A page module, as `import('./SomePage')` gives it. */
export type PageModule = { default: ComponentType };

export interface LazyPage {
  /** The page: its own chunk, rendered at once when it is there, else `fallback` until it is. */
  element: ReactElement;
  /** Starts fetching the page's chunk (once; later calls get the same promise). */
  load: () => Promise<PageModule>;
}

/** One page's chunk: fetched once, kept once there. */
interface PageChunk {
  importPage: () => Promise<PageModule>;
  loaded: ComponentType | null;
  pending: Promise<PageModule> | null;
  failed: boolean;
}

function loadChunk(chunk: PageChunk): Promise<PageModule> {
  if (chunk.failed) {
    chunk.failed = false;
    chunk.pending = null;
  }
  chunk.pending ??= chunk.importPage().then(
    (module) => {
      chunk.loaded = module.default;
      return module;
    },
    (error: unknown) => {
      // Kept rejected, so that rendering again throws to the error boundary instead of fetching
      // in a loop; the next mount or `load()` starts a new fetch.
      chunk.failed = true;
      throw error;
    },
  );
  return chunk.pending;
}

function LoadedPage({ chunk }: { chunk: PageChunk }) {
  const Page = chunk.loaded ?? use(chunk.pending ?? loadChunk(chunk)).default;
  return <Page />;
}

// Always the same tree (a boundary that never shows its fallback once the chunk is there), so a
// page is never remounted when it goes from loading to loaded.
function ChunkedPage({ chunk, fallback }: { chunk: PageChunk; fallback: ReactNode }) {
  // A page mounted after a failed fetch (the error boundary's Retry) fetches its chunk again.
  useState(() => chunk.failed && loadChunk(chunk));
  return (
    <Suspense fallback={fallback}>
      <LoadedPage chunk={chunk} />
    </Suspense>
  );
}

/**
 * A page in its own chunk (#34: the educator portal's first load carries only the page shown).
 * Unlike `React.lazy`, a page whose chunk is already there renders at once, without a frame of
 * `fallback`: the chunk can be fetched before the first render (`load()` at the portal's module
 * evaluation, for the route the browser is on), and a page seen before comes back instantly.
 * A chunk that fails to load throws to the nearest error boundary (the shell's Retry screen); the
 * page mounted again (the Retry) fetches it again.
 */
export function lazyPage(importPage: () => Promise<PageModule>, fallback: ReactNode): LazyPage {
  const chunk: PageChunk = { importPage, loaded: null, pending: null, failed: false };
  return { element: <ChunkedPage chunk={chunk} fallback={fallback} />, load: () => loadChunk(chunk) };
}
