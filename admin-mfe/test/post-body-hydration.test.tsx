import { act, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

// act() drives the hydration here, outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RAW = '<p>Inside a <b>loop</b><script>alert(1)</script> they all print 3.</p>';

/** Suspends its first client render once: React then renders the boundary's children again before it commits. */
function suspender() {
  let pending: Promise<void> | null = null;
  let resolve = () => {};
  return {
    arm() {
      pending = new Promise<void>((done) => {
        resolve = () => {
          pending = null;
          done();
        };
      });
    },
    release: () => resolve(),
    Component() {
      if (pending) throw pending;
      return null;
    },
  };
}

/** The post's markup as the admin portal's server build renders it (the server's sanitizer, #34). */
async function serverMarkup(Gate: () => null): Promise<string> {
  vi.stubEnv('COURSEPORT_SERVER_BUILD', 'true');
  const { prepareServerRichText } = await import('@courseport/shared-ui/rich-text');
  await prepareServerRichText();
  const { PostBody } = await import('../src/features/discussions/components/PostBody');
  const markup = renderToString(
    <Suspense fallback={null}>
      <PostBody id="q1" html={RAW} />
      <Gate />
    </Suspense>,
  );
  vi.unstubAllEnvs();
  vi.resetModules();
  return markup;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  document.body.innerHTML = '';
});

describe("Q&A tab: a post's HTML on the server-rendered tab (#34)", () => {
  it('comes sanitized in the markup, and the browser takes it over without a mismatch, then sanitizes it again', async () => {
    const gate = suspender();
    const markup = await serverMarkup(gate.Component);
    expect(markup).toContain('<b>loop</b>');
    expect(markup).not.toContain('<script>');

    // The browser: a fresh module (nothing read yet), and a render that suspends once mid-hydration.
    const { PostBody } = await import('../src/features/discussions/components/PostBody');
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const recoverable: unknown[] = [];
    gate.arm();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <Suspense fallback={null}>
          <PostBody id="q1" html={RAW} />
          <gate.Component />
        </Suspense>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    const body = container.querySelector('#cp-admin-post-body-q1');
    await act(async () => gate.release());

    expect(recoverable).toEqual([]);
    // The server's element was taken over, not replaced by a client render; DOMPurify's pass keeps it.
    expect(container.querySelector('#cp-admin-post-body-q1')).toBe(body);
    expect(body?.innerHTML).toBe('<p>Inside a <b>loop</b> they all print 3.</p>');
    await act(async () => root?.unmount());
  });

  it('is sanitized with DOMPurify at once when the browser draws the tab itself', async () => {
    const { PostBody } = await import('../src/features/discussions/components/PostBody');
    const { createRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<PostBody id="q2" html={'<p>Hi<img src=x onerror="alert(1)"></p>'} />));
    const body = container.querySelector('#cp-admin-post-body-q2');
    expect(body?.querySelector('[onerror]')).toBeNull();
    expect(body?.textContent).toBe('Hi');
    await act(async () => root.unmount());
  });
});
