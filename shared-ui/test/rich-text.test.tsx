import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

// act() drives the hydration here, outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RAW =
  '<h2>Plan</h2><p>Use <strong>hooks</strong> <a href="https://example.com" onclick="x()">here</a><script>alert(1)</script></p>';

type RichTextModule = typeof import('../src/rich-text');

/** A piece of rich text on a page, as a portal draws it with the shared mechanism. */
function Rich({ mod, html, lazy = false }: { mod: RichTextModule; html: string; lazy?: boolean }) {
  const safe = mod.useRichHtml('lesson-1', html, { down: 1, ...(lazy ? {} : { sanitize: mod.sanitizeRichText }) });
  return (
    <div
      {...mod.richHtmlKey('lesson-1')}
      data-testid="rich"
      aria-busy={safe === null}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the mechanism under test sanitizes it.
      dangerouslySetInnerHTML={{ __html: safe ?? '' }}
    />
  );
}

/** A question's or answer's text (the discussion allow-list). */
function Post({ mod }: { mod: RichTextModule }) {
  const safe = mod.useRichHtml('post-1', RAW, { down: 2, allow: 'discussion' });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the mechanism under test sanitizes it.
  return <div dangerouslySetInnerHTML={{ __html: safe ?? '' }} />;
}

/** The markup of a portal's server build: the env set, the sanitizer prepared (as a page's loadPageData does). */
async function serverMarkup(lazy: boolean): Promise<string> {
  vi.stubEnv('COURSEPORT_SERVER_BUILD', 'true');
  const mod = await import('../src/rich-text');
  await mod.prepareServerRichText();
  const markup = renderToString(<Rich mod={mod} html={RAW} lazy={lazy} />);
  vi.unstubAllEnvs();
  vi.resetModules();
  return markup;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = '';
});

describe('rich text on the server', () => {
  it("is sanitized by the API's sanitizer, its headings down, its links made safe", async () => {
    const markup = await serverMarkup(false);
    expect(markup).toContain('<h3>Plan</h3>');
    expect(markup).toContain('<strong>hooks</strong>');
    expect(markup).toContain('target="_blank"');
    expect(markup).not.toContain('<script>');
    expect(markup).not.toContain('onclick');
    expect(markup).toContain('aria-busy="false"');
  });

  it('uses the discussion allow-list when asked (no headings)', async () => {
    vi.stubEnv('COURSEPORT_SERVER_BUILD', 'true');
    const mod = await import('../src/rich-text');
    await mod.prepareServerRichText();
    const markup = renderToString(<Post mod={mod} />);
    expect(markup).not.toMatch(/<h\d/);
    expect(markup).toContain('<strong>hooks</strong>');
  });

  it('sanitizeRichText never touches window without a DOM: the server sanitizer, else nothing', async () => {
    const mod = await import('../src/rich-text');
    vi.stubGlobal('window', undefined);
    expect(mod.sanitizeRichText(RAW, 2)).toBe('');
    vi.stubEnv('COURSEPORT_SERVER_BUILD', 'true');
    await mod.prepareServerRichText();
    const safe = mod.sanitizeRichText(RAW, 2);
    expect(safe).toContain('<h4>Plan</h4>');
    expect(safe).not.toContain('<script>');
  });

  it('prepareServerRichText is a no-op outside a server build', async () => {
    const mod = await import('../src/rich-text');
    await mod.prepareServerRichText();
    expect(renderToString(<Rich mod={mod} html={RAW} lazy />)).toContain('aria-busy="true"');
  });
});

describe("rich text in the browser: the server's markup taken over", () => {
  for (const lazy of [false, true]) {
    it(`hydrates without a mismatch, then DOMPurify draws the same (${lazy ? 'DOMPurify loaded lazily' : 'DOMPurify there'})`, async () => {
      const markup = await serverMarkup(lazy);
      const mod = await import('../src/rich-text');
      const container = document.createElement('div');
      container.innerHTML = markup;
      document.body.append(container);
      const element = container.querySelector('[data-rich-html="lesson-1"]');
      const recoverable: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error');
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, <Rich mod={mod} html={RAW} lazy={lazy} />, {
          onRecoverableError: (error) => recoverable.push(error),
        });
      });
      expect(recoverable).toEqual([]);
      // Not even a warning of a difference (React's development build compares the markup).
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
      expect(container.querySelector('[data-rich-html="lesson-1"]')).toBe(element);
      await vi.waitFor(() =>
        expect(element?.innerHTML).toBe(
          '<h3>Plan</h3><p>Use <strong>hooks</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">here</a></p>',
        ),
      );
      await act(async () => root?.unmount());
    });
  }
});

describe('rich text rendered in the browser only', () => {
  it('draws at once with DOMPurify there, sanitized and its headings down', async () => {
    const mod = await import('../src/rich-text');
    render(<Rich mod={mod} html={RAW} />);
    const rich = screen.getByTestId('rich');
    expect(rich.innerHTML).toContain('<h3>Plan</h3>');
    expect(rich.innerHTML).not.toContain('script');
    expect(rich).toHaveAttribute('aria-busy', 'false');
  });

  it('loads nothing for empty text, and draws it empty at once', async () => {
    const mod = await import('../src/rich-text');
    render(<Rich mod={mod} html="" lazy />);
    expect(screen.getByTestId('rich')).toHaveAttribute('aria-busy', 'false');
  });

  it('loads DOMPurify after the first render when lazy, busy meanwhile', async () => {
    const mod = await import('../src/rich-text');
    render(<Rich mod={mod} html={RAW} lazy />);
    const rich = screen.getByTestId('rich');
    expect(rich).toHaveAttribute('aria-busy', 'true');
    await vi.waitFor(() => expect(rich.innerHTML).toContain('<strong>hooks</strong>'));
    expect(rich.innerHTML).not.toContain('script');
    expect(rich).toHaveAttribute('aria-busy', 'false');
  });
});
