import { act, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

// act() drives the hydration here, outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RAW = '<p>Learn <strong>hooks</strong><script>alert(1)</script></p>';

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

/** The page's markup as the storefront's server build renders it (the sanitizer of the server). */
async function serverMarkup(Gate: () => null): Promise<string> {
  vi.stubEnv('COURSEPORT_SERVER_BUILD', 'true');
  const { prepareServerRichText } = await import('@courseport/shared-ui/rich-text');
  await prepareServerRichText();
  const { CourseDescription } = await import('../src/features/course/components/CourseDescription');
  const markup = renderToString(
    <Suspense fallback={null}>
      <CourseDescription html={RAW} />
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

describe("Course description: taking over the server's markup", () => {
  it('hydrates without a mismatch when React renders the description again before committing', async () => {
    const gate = suspender();
    const markup = await serverMarkup(gate.Component);
    expect(markup).toContain('<strong>hooks</strong>');
    expect(markup).not.toContain('<script>');

    // The browser: a fresh module (nothing read yet), and a render that suspends once mid-hydration.
    const { CourseDescription } = await import('../src/features/course/components/CourseDescription');
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
          <CourseDescription html={RAW} />
          <gate.Component />
        </Suspense>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    const body = container.querySelector('#sf-description-body');
    await act(async () => gate.release());

    expect(recoverable).toEqual([]);
    // The server's element was taken over, not replaced by a client render.
    expect(container.querySelector('#sf-description-body')).toBe(body);
    expect(body?.innerHTML).toContain('<strong>hooks</strong>');
    // Nothing left for React to render once this file's DOM is gone (a render after the
    // environment's teardown has no window: an unhandled rejection under a loaded machine).
    await act(async () => root?.unmount());
  });
});
