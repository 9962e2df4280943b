import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from '../src/features/add-course/components/RichTextEditor';
import TiptapEditor from '../src/features/add-course/components/TiptapEditor';
import { setupUser } from './helpers';

// ProseMirror measures the selection to scroll it into view; jsdom has no layout, so answer "nothing".
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= emptyRect;
document.elementFromPoint ??= () => null;

/** The real Tiptap editor (the page tests use a textarea in its place). */
function Harness({ initial = '', onChange }: { initial?: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="desc-label">Course Description</span>
      <TiptapEditor
        value={value}
        labelledBy="desc-label"
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

const content = () => screen.getByRole('textbox', { name: 'Course Description' });

describe('Course description editor (Tiptap)', () => {
  it('imports and renders an editable, labelled editor with its toolbar', async () => {
    render(<Harness initial="<p>Hello <strong>world</strong></p>" onChange={() => {}} />);
    expect(content()).toHaveAttribute('contenteditable', 'true');
    expect(content().innerHTML).toContain('<strong>world</strong>');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const labels = Array.from(toolbar.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'));
    expect(labels).toEqual(['Bold', 'Italic', 'Heading', 'Bullet list', 'Numbered list']);
  });

  it('produces HTML from the toolbar and follows an outside reset', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<Harness initial="<p>Learn React</p>" onChange={onChange} />);

    await user.click(screen.getByLabelText('Bullet list'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Learn React</p></li></ul>'));
    expect(screen.getByLabelText('Bullet list')).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByLabelText('Numbered list'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<ol><li><p>Learn React</p></li></ol>'));

    await user.click(screen.getByLabelText('Numbered list'));
    await user.click(screen.getByLabelText('Heading'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>Learn React</h2>'));
    expect(screen.getByLabelText('Heading')).toHaveAttribute('aria-pressed', 'true');

    onChange.mockClear();
    await user.click(screen.getByText('Reset'));
    await waitFor(() => expect(content().textContent).toBe(''));
    // Emptied from outside: no change is reported back.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('loads when its box is used: the text shown meanwhile (sanitized), then the editor, focused', async () => {
    const onChange = vi.fn();
    render(
      <>
        <span id="lazy-label">Course Description</span>
        <RichTextEditor
          value={'<h2>Intro</h2><p>Hello<img src="x" onerror="alert(1)"></p><script>alert(2)</script>'}
          onChange={onChange}
          labelledBy="lazy-label"
        />
      </>,
    );
    // Not loaded with the page: the box shows the text as it is, without what is not allowed.
    const box = content();
    expect(box).not.toHaveAttribute('contenteditable');
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();
    await waitFor(() => expect(box.innerHTML).toBe('<h3>Intro</h3><p>Hello</p>'));

    // Focused (a Tab to it, or a press): 'Loading editor...', then the editor in its place, with the focus.
    act(() => box.focus());
    expect(screen.getByRole('status')).toHaveTextContent('Loading editor...');
    expect(box).toHaveAttribute('aria-busy', 'true');
    // The first load of the Tiptap chunk can take a while on a cold, busy machine.
    expect(await screen.findByLabelText('Bold', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(content()).toHaveAttribute('contenteditable', 'true'));
    expect(content().querySelector('h2')).toHaveTextContent('Intro');
    await waitFor(() => expect(content()).toHaveFocus());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('loads at once when asked to (a dialog opened to write in)', async () => {
    render(
      <>
        <span id="eager-label">Article text</span>
        <RichTextEditor eager value="<p>Read me</p>" onChange={() => {}} labelledBy="eager-label" />
      </>,
    );
    expect(await screen.findByLabelText('Bold', {}, { timeout: 10_000 })).toBeInTheDocument();
    const editor = screen.getByRole('textbox', { name: 'Article text' });
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(editor).not.toHaveFocus();
    await act(async () => {});
  });
});
