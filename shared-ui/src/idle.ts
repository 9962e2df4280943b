/**
 * Runs `task` once the page is idle (the browser's idle callback, at most `timeoutMs` later; a
 * timer where there is none, as in Safari). Returns a function that cancels it if it has not run.
 * For work a page will likely need and should not compete with its first paint for: a player
 * fetched before the user presses Play.
 */
export function whenIdle(task: () => void, timeoutMs = 3_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, Math.min(timeoutMs, 1_000));
  return () => window.clearTimeout(handle);
}
