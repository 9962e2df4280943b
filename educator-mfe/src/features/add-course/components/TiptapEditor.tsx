import { EditorContent, type Editor as TiptapInstance, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { EditorToolbar } from './EditorToolbar';
import type { RichTextEditorProps } from './richTextEditorProps';

/**
 * The editor's HTML, with '' for an empty document (Tiptap gives '<p></p>') and without the empty
 * paragraph Tiptap keeps after a list or heading at the end (so the caret can leave it).
 */
const htmlOf = (editor: TiptapInstance) => (editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, ''));

/** A Tiptap editor producing HTML: paragraphs, headings, bold, italic, lists and links. */
export default function TiptapEditor({ value, onChange, labelledBy, describedBy, autoFocus }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
    ],
    content: value,
    // Only ever made in the browser, once the educator goes to use it (RichTextEditor): at once, in
    // the placeholder's place, taking the focus the placeholder had.
    immediatelyRender: true,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: {
        class: 'ed-editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
  });

  // Follow the value when it changes from outside (the form is reset after a course is added).
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  // Its error message, when it has one (set on the editable element: the options are read once).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    if (describedBy) {
      dom.setAttribute('aria-describedby', describedBy);
      dom.setAttribute('aria-invalid', 'true');
    } else {
      dom.removeAttribute('aria-describedby');
      dom.removeAttribute('aria-invalid');
    }
  }, [editor, describedBy]);

  if (!editor) return null;
  return (
    <div className="ed-editor">
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
