import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { PostEditorProps } from './postEditorProps';
import { linkHref, POST_TOOLS, type PostToolName } from './postTools';

/** The editor's HTML, '' for an empty post, without the empty paragraph Tiptap keeps at the end. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, ''));

/**
 * A question's or answer's rich-text editor (#35, Tiptap): bold, italic, inline code, lists, code
 * blocks and links, the tags the API keeps for a post (`DISCUSSION_ALLOWED_TAGS`). Its own chunk,
 * loaded when the box is first used (PostEditor), never with the page.
 */
export default function PostTiptap({ value, onChange, labelledBy, describedBy, disabled, autoFocus }: PostEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    autofocus: autoFocus ? 'end' : false,
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'ed-post-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
  });

  // Follow the value when it changes from outside (emptied once the post is sent).
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    if (describedBy) dom.setAttribute('aria-describedby', describedBy);
    else dom.removeAttribute('aria-describedby');
    if (disabled) dom.setAttribute('aria-disabled', 'true');
    else dom.removeAttribute('aria-disabled');
  }, [editor, describedBy, disabled]);

  if (!editor) return null;
  return (
    <div className="ed-post-editor">
      <PostToolbar editor={editor} disabled={disabled === true} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** The tools that format text (marks): not in a code block. */
const MARKS: ReadonlySet<PostToolName> = new Set(['bold', 'italic', 'code', 'link']);

function PostToolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }): Record<PostToolName, boolean> => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      code: current.isActive('code'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      codeBlock: current.isActive('codeBlock'),
      link: current.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);
  // One tab stop for the row; the arrow keys, Home and End move along it (the toolbar pattern).
  const [current, setCurrent] = useState(0);
  const row = useRef<HTMLDivElement>(null);
  const commands: Record<Exclude<PostToolName, 'link'>, () => void> = {
    bold: () => editor.chain().focus().toggleBold().run(),
    italic: () => editor.chain().focus().toggleItalic().run(),
    code: () => editor.chain().focus().toggleCode().run(),
    bulletList: () => editor.chain().focus().toggleBulletList().run(),
    orderedList: () => editor.chain().focus().toggleOrderedList().run(),
    codeBlock: () => editor.chain().focus().toggleCodeBlock().run(),
  };
  const move = (event: KeyboardEvent) => {
    const last = POST_TOOLS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    row.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };
  return (
    <>
      <div ref={row} className="ed-post-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={move}>
        {POST_TOOLS.map((tool, index) => (
          <button
            key={tool.name}
            type="button"
            className={active[tool.name] ? 'ed-post-tool is-active' : 'ed-post-tool'}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={active[tool.name]}
            tabIndex={index === current ? 0 : -1}
            // A code block's text takes no formatting or links.
            disabled={disabled || (active.codeBlock && MARKS.has(tool.name))}
            // Keep the selection in the editor while clicking.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => (tool.name === 'link' ? setLinking((open) => !open) : commands[tool.name]())}
          >
            {tool.icon}
          </button>
        ))}
      </div>
      {linking && <LinkForm editor={editor} onClose={() => setLinking(false)} />}
    </>
  );
}

/** The link's address: set, changed or removed on the selection (or the link the caret is in). */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const existing = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [text, setText] = useState(existing);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const href = linkHref(text);
    if (href === null) {
      setError('Links start with http://, https:// or mailto:');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '') chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: text.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else chain.setLink({ href }).run();
    onClose();
  };
  return (
    // A div, not a form: it sits inside the post's own form.
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the link box (its controls are the input and buttons).
    <div
      className="ed-post-link"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <label htmlFor={`${id}-href`} className="cp-visually-hidden">
        Link address
      </label>
      <input
        ref={input}
        id={`${id}-href`}
        className="ed-post-href"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
        }}
      />
      <button type="button" className="cp-btn cp-btn-primary cp-btn-small" onClick={() => apply()}>
        Apply
      </button>
      {existing && (
        <button
          type="button"
          className="cp-btn cp-btn-small"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          Remove link
        </button>
      )}
      <button type="button" className="cp-btn cp-btn-small" onClick={close}>
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="ed-reply-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
