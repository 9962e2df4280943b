import { lazy, Suspense } from 'react';
import { EditorLoading } from './EditorLoading';
import type { RichTextEditorProps } from './richTextEditorProps';

export type { RichTextEditorProps } from './richTextEditorProps';

// Tiptap (ProseMirror) is only needed on the Add course page: it loads on first use, in its own chunk.
const TiptapEditor = lazy(() => import('./TiptapEditor'));

/** The course description editor (Tiptap), loaded lazily. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}
