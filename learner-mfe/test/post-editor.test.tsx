import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadPostTiptap } from '../src/components/post-editor/loadPostTiptap';
import { PostEditor } from '../src/components/post-editor/PostEditor';
import PostTiptap from '../src/components/post-editor/PostTiptap';
import { linkHref } from '../src/components/post-editor/postTools';
import { setupUser } from './helpers';

// ProseMirror measures the selection to scroll it into view; jsdom has no layout, so answer "nothing".
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= emptyRect;
Element.prototype.getClientRects ??= noRects;
document.elementFromPoint ??= () => null;

// The editor's chunk arrives when the test says so (the real one).
const chunk = vi.hoisted(() => ({ release: () => {} }));
vi.mock('../src/components/post-editor/loadPostTiptap', () => ({
  loadPostTiptap: vi.fn(
    () =>
      new Promise((resolve) => {
        chunk.release = () => resolve(import('../src/components/post-editor/PostTiptap'));
      }),
  ),
}));

/** The real Tiptap post editor (the Q&A page tests keep its chunk away). */
function Harness({
  initial = '',
  disabled = false,
  onChange,
}: {
  initial?: string;
  disabled?: boolean;
  onChange: (html: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label id="post-label" htmlFor="post-box">
        Your answer
      </label>
      <PostTiptap
        value={value}
        inputId="post-box"
        labelledBy="post-label"
        disabled={disabled}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

const content = () => screen.getByRole('textbox', { name: 'Your answer' });
const toolbar = () => screen.getByRole('toolbar', { name: 'Formatting' });
const tool = (label: string) => within(toolbar()).getByRole('button', { name: label });

/** Selects the whole text of the editor (as a press of Ctrl+A would). */
function selectAll() {
  const box = content();
  act(() => {
    box.focus();
    const range = document.createRange();
    range.selectNodeContents(box);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
}

describe('Post editor (Tiptap): a question or answer with formatting', () => {
  it('is a labelled editor with its tools in order, each a toggle with a name, one tab stop', () => {
    render(<Harness initial="<p>Hello <strong>world</strong></p>" onChange={() => {}} />);
    expect(content()).toHaveAttribute('contenteditable', 'true');
    expect(content().innerHTML).toContain('<strong>world</strong>');
    const buttons = within(toolbar()).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Code',
      'Bullet list',
      'Numbered list',
      'Code block',
      'Link',
    ]);
    for (const button of buttons) expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it('moves along the toolbar with the arrow keys, Home and End', async () => {
    const user = setupUser();
    render(<Harness onChange={() => {}} />);
    act(() => tool('Bold').focus());
    await user.keyboard('{ArrowRight}');
    expect(tool('Italic')).toHaveFocus();
    expect(tool('Italic').tabIndex).toBe(0);
    expect(tool('Bold').tabIndex).toBe(-1);
    await user.keyboard('{End}');
    expect(tool('Link')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Bold')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tool('Link')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tool('Bold')).toHaveFocus();
  });

  it('formats: bold, code, lists and a code block, pressed while on; follows an outside reset', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<Harness initial="<p>npm install</p>" onChange={onChange} />);

    selectAll();
    await user.click(tool('Bold'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>npm install</strong></p>'));
    expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true');
    await user.click(tool('Bold'));

    selectAll();
    await user.click(tool('Code'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><code>npm install</code></p>'));
    await user.click(tool('Code'));

    await user.click(tool('Bullet list'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>npm install</p></li></ul>'));
    expect(tool('Bullet list')).toHaveAttribute('aria-pressed', 'true');
    await user.click(tool('Numbered list'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ol><li><p>npm install</p></li></ol>'));
    await user.click(tool('Numbered list'));

    await user.click(tool('Code block'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<pre><code>npm install</code></pre>'));
    expect(tool('Code block')).toHaveAttribute('aria-pressed', 'true');
    // A code block's text takes no formatting or links.
    for (const label of ['Bold', 'Italic', 'Code', 'Link']) expect(tool(label)).toBeDisabled();
    expect(tool('Bullet list')).toBeEnabled();

    onChange.mockClear();
    await user.click(screen.getByText('Reset'));
    await waitFor(() => expect(content().textContent).toBe(''));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('links the selection from the link box (https:// added), refuses a javascript: link, removes a link', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<Harness initial="<p>the docs</p>" onChange={onChange} />);

    selectAll();
    await user.click(tool('Link'));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(address).toHaveFocus();
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Links start with http://, https:// or mailto:');
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(address);
    await user.type(address, 'example.com/docs{Enter}');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="https://example.com/docs"')),
    );
    expect(screen.queryByRole('textbox', { name: 'Link address' })).not.toBeInTheDocument();
    expect(tool('Link')).toHaveAttribute('aria-pressed', 'true');

    // Escape closes the box and gives the editor the focus back.
    await user.click(tool('Link'));
    expect(screen.getByRole('textbox', { name: 'Link address' })).toHaveValue('https://example.com/docs');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).not.toBeInTheDocument();
    await waitFor(() => expect(content()).toHaveFocus());

    await user.click(tool('Link'));
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>the docs</p>'));
  });

  it('is read only, its tools off, while the post is being sent', () => {
    render(<Harness initial="<p>Sending</p>" disabled onChange={() => {}} />);
    expect(content()).toHaveAttribute('contenteditable', 'false');
    expect(content()).toHaveAttribute('aria-disabled', 'true');
    for (const button of within(toolbar()).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('reads a typed address as a link may carry it', () => {
    expect(linkHref(' example.com ')).toBe('https://example.com');
    expect(linkHref('http://a.dev')).toBe('http://a.dev');
    expect(linkHref('me@example.com')).toBe('mailto:me@example.com');
    expect(linkHref('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(linkHref('')).toBe('');
    expect(linkHref('javascript:alert(1)')).toBeNull();
    expect(linkHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(linkHref('data:text/html,x')).toBeNull();
  });
});

/** The editor's box as a form uses it, before the editor is there. */
function Box({ onChange }: { onChange: (html: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label id="ask-label" htmlFor="ask-box">
        Details (optional)
      </label>
      <PostEditor
        value={value}
        inputId="ask-box"
        labelledBy="ask-label"
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
    </>
  );
}

describe('Post editor box (before the editor is there)', () => {
  it('is a plain text box at once; used, the editor loads and takes its place with the text and the focus', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<Box onChange={onChange} />);
    const plain = screen.getByRole('textbox', { name: 'Details (optional)' });
    expect(plain.tagName).toBe('TEXTAREA');
    // Its tools are drawn, not yet usable (and hidden from screen readers until they are).
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    // Typed at once: the text is kept as paragraphs; the focus asked for the editor.
    await user.type(plain, 'a < b');
    expect(onChange).toHaveBeenLastCalledWith('<p>a &lt; b</p>');
    expect(loadPostTiptap).toHaveBeenCalledTimes(1);
    act(() => chunk.release());
    expect(await screen.findByRole('toolbar', { name: 'Formatting' }, { timeout: 10_000 })).toBeInTheDocument();
    const editor = screen.getByRole('textbox', { name: 'Details (optional)' });
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editor).toHaveTextContent('a < b');
    await waitFor(() => expect(editor).toHaveFocus());
  });
});
