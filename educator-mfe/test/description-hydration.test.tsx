import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

// act() drives the hydration here, outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RAW = '<h2>What you build</h2><ul><li>A shop</li></ul><p>Go <strong>fast</strong><script>alert(1)</script></p>';
const LABEL = 'description-label';

/** Edit Course's description box as the portal's server build renders it (#34: the sanitizer of the server). */
async function serverMarkup(): Promise<string> {
  vi.stubEnv('COURSEPORT_SERVER_BUILD', 'true');
  const { prepareServerRichText } = await import('@courseport/shared-ui/rich-text');
  await prepareServerRichText();
  const server = await import('../src/features/add-course/components/EditorPlaceholder');
  const markup = renderToString(<server.EditorPlaceholder html={RAW} labelledBy={LABEL} status="" />);
  vi.unstubAllEnvs();
  vi.resetModules();
  return markup;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  document.body.innerHTML = '';
});

describe("Edit Course's description: the server's markup, taken over", () => {
  it('is in the HTML, sanitized, its headings one level down, and hydrates as it is until DOMPurify redraws it the same', async () => {
    const markup = await serverMarkup();
    expect(markup).toContain('<h3>What you build</h3>');
    expect(markup).toContain('<li>A shop</li>');
    expect(markup).not.toContain('<script>');
    expect(markup).not.toContain('aria-busy');

    // The browser: a fresh module (no sanitizer yet, nothing read).
    const { EditorPlaceholder } = await import('../src/features/add-course/components/EditorPlaceholder');
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const preview = container.querySelector('.ed-editor-preview');
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <EditorPlaceholder html={RAW} labelledBy={LABEL} status="" />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    // Not even a warning of a difference (React's development build compares the markup).
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // The server's element was taken over, not replaced by a client render.
    expect(container.querySelector('.ed-editor-preview')).toBe(preview);
    expect(preview?.innerHTML).toContain('<h3>What you build</h3>');
    // DOMPurify (loaded after the take-over) draws the same: the same headings, nothing busy.
    await vi.waitFor(() =>
      expect(preview?.innerHTML).toBe('<h3>What you build</h3><ul><li>A shop</li></ul><p>Go <strong>fast</strong></p>'),
    );
    expect(preview).not.toHaveAttribute('aria-busy');
    await act(async () => root?.unmount());
  });
});
