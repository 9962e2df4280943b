// The thread the shell's server renders pages in (see server-render.mjs): the render module
// (dist/server/render.js, CommonJS) runs here as Node runs it, with the federation runtime that
// loads the portals' server builds, and its rendering work stays off the thread that serves.
// Messages: { id, options } renders (answered { id, html, state, styles, session?, title? } or { id, error }); { id, abort }
// gives that render up.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
// It starts asynchronously: `require` gives a promise of its exports.
const renderModule = Promise.resolve().then(() => require(workerData.renderModule));
renderModule.catch(() => {});
/** @type {Map<number, AbortController>} */
const running = new Map();

parentPort?.on('message', async ({ id, options, abort }) => {
  if (abort) {
    running.get(id)?.abort(new Error('Past the deadline'));
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const { renderApp } = await renderModule;
    const { stream, state, styles, session, title } = await renderApp({ ...options, signal: controller.signal });
    let html = '';
    for await (const chunk of stream) html += chunk;
    parentPort?.postMessage({ id, html, state, styles, session, title });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(id);
  }
});
