import { Button, LoadingState } from '@courseport/shared-ui';
import { type ComponentType, type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';

/** One tab under the lesson: its label and its panel, whose code loads when the tab is first shown. */
export interface LessonTab<P> {
  id: string;
  label: string;
  load: () => Promise<ComponentType<P>>;
}

interface Chunk<P> {
  Panel: ComponentType<P> | null;
  pending: Promise<ComponentType<P>> | null;
}

/** Each tab's code, fetched once per page (a failed fetch is tried again on Retry). */
const chunks = new Map<string, Chunk<never>>();

function chunkOf<P>(tab: LessonTab<P>): Chunk<P> {
  let chunk = chunks.get(tab.id) as Chunk<P> | undefined;
  if (!chunk) {
    chunk = { Panel: null, pending: null };
    chunks.set(tab.id, chunk as Chunk<never>);
  }
  return chunk;
}

function loadChunk<P>(tab: LessonTab<P>): Promise<ComponentType<P>> {
  const chunk = chunkOf(tab);
  chunk.pending ??= tab.load().then(
    (Panel) => {
      chunk.Panel = Panel;
      return Panel;
    },
    (error: unknown) => {
      chunk.pending = null;
      throw error;
    },
  );
  return chunk.pending;
}

/** A tab's panel: its code's loading state, a failure with Retry, then the panel. */
function LazyPanel<P extends object>({ tab, props }: { tab: LessonTab<P>; props: P }) {
  const chunk = chunkOf(tab);
  // Only re-renders once the code is there (`chunk.Panel`).
  const [, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what Retry changes.
  useEffect(() => {
    if (chunk.Panel) return;
    let live = true;
    loadChunk(tab).then(
      () => live && setLoaded(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [chunk, tab, attempt]);
  if (chunk.Panel) {
    const { Panel } = chunk;
    return <Panel {...props} />;
  }
  if (failed) {
    return (
      <div className="ln-tab-error" role="alert">
        <p>{`${tab.label} could not be loaded. Check your connection and try again.`}</p>
        <Button
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          Retry
        </Button>
      </div>
    );
  }
  return <LoadingState />;
}

export interface LessonTabsProps<P> {
  /** The tab list's accessible name. */
  label: string;
  tabs: ReadonlyArray<LessonTab<P>>;
  /** The tab shown first (default: the first). */
  initialTab?: string;
  /** Show the first tab's panel at once (a link to it); else when the tabs come into view or are used. */
  openAtOnce?: boolean;
  props: P;
}

/** Calls `onSeen` once `element` comes near the viewport (never where IntersectionObserver is missing). */
function useSeen(element: RefObject<HTMLElement | null>, enabled: boolean, onSeen: () => void) {
  const latest = useRef(onSeen);
  latest.current = onSeen;
  useEffect(() => {
    const target = element.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          latest.current();
        }
      },
      { rootMargin: '0px 0px 100px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, enabled]);
}

/**
 * A plain tab list (WAI-ARIA tabs, automatic activation: Left/Right, Home/End move and show) with
 * one panel at a time. A panel's code is fetched when its tab is first shown, and the first tab's
 * only once the tabs come into view (or are used), so the page's first load carries none of it.
 */
export function LessonTabs<P extends object>({
  label,
  tabs,
  initialTab,
  openAtOnce = false,
  props,
}: LessonTabsProps<P>) {
  const base = useId();
  const [selected, setSelected] = useState(() => tabs.find((tab) => tab.id === initialTab)?.id ?? tabs[0]?.id);
  const [open, setOpen] = useState(openAtOnce);
  const box = useRef<HTMLElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  useSeen(box, !open, () => setOpen(true));
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  if (!current) return null;
  const show = (id: string) => {
    setSelected(id);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[to];
    if (!tab) return;
    event.preventDefault();
    show(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  return (
    <section ref={box} className="ln-tabs" aria-label={label}>
      <div role="tablist" aria-label={label} className="ln-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const on = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={on}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={on ? 0 : -1}
              className="ln-tab"
              onClick={() => show(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.id}`}
        aria-labelledby={`${base}-tab-${current.id}`}
        className="ln-tabpanel"
      >
        {open ? <LazyPanel key={current.id} tab={current} props={props} /> : <div className="ln-tabpanel-waiting" />}
      </div>
    </section>
  );
}
