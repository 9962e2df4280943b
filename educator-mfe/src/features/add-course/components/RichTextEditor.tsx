import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { EditorPlaceholder } from './EditorPlaceholder';
import type { RichTextEditorProps } from './richTextEditorProps';

export type { RichTextEditorProps } from './richTextEditorProps';

// Tiptap (ProseMirror, ~126 KB) is in its own chunk, loaded when the educator goes to use the editor
// (#34: not with the page).
const loadTiptap = () => import('./TiptapEditor');
let Loaded: ComponentType<RichTextEditorProps> | null = null;

export const LOADING_EDITOR = 'Loading editor...';
export const EDITOR_FAILED = 'The editor could not be loaded: try again';

/**
 * The rich-text editor (Tiptap). Until it is used, its box (EditorPlaceholder) shows the text as it
 * is; pointing at the box, focusing it or pressing it loads the editor, which then takes the box's
 * place, and the focus if the box had it or was pressed (nothing is typed into the box meanwhile:
 * it says 'Loading editor...'). `eager`: load it at once (a dialog opened to write in).
 */
export function RichTextEditor({ eager = false, ...props }: RichTextEditorProps & { eager?: boolean }) {
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(() => Loaded);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [autoFocus, setAutoFocus] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  const busy = useRef(false);

  const use = useCallback((press: boolean) => {
    if (press) pressed.current = true;
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    loadTiptap().then(
      (module) => {
        Loaded = module.default;
        setAutoFocus(pressed.current || (box.current !== null && document.activeElement === box.current));
        setEditor(() => module.default);
      },
      () => {
        busy.current = false;
        setStatus('failed');
      },
    );
  }, []);

  useEffect(() => {
    if (eager && !Editor) use(false);
  }, [eager, Editor, use]);

  if (Editor) return <Editor {...props} autoFocus={autoFocus} />;
  return (
    <EditorPlaceholder
      html={props.value}
      labelledBy={props.labelledBy}
      describedBy={props.describedBy}
      status={status === 'loading' ? LOADING_EDITOR : status === 'failed' ? EDITOR_FAILED : ''}
      contentRef={box}
      onUse={use}
    />
  );
}
