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

  it('is loaded lazily by the RichTextEditor wrapper', async () => {
    render(
      <>
        <span id="lazy-label">Course Description</span>
        <RichTextEditor value="<h2>Intro</h2>" onChange={() => {}} labelledBy="lazy-label" />
      </>,
    );
    expect(screen.getByText('Loading editor...')).toBeInTheDocument();
    // The first load of the Tiptap chunk can take a while on a cold, busy machine.
    expect(await screen.findByLabelText('Bold', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    // The editable area is mounted by Tiptap just after its toolbar.
    await waitFor(() => expect(content().querySelector('h2')).toHaveTextContent('Intro'));
    await act(async () => {});
  });
});
