import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { htmlToText, textToParagraphs as textToHtml } from '../../lib/paragraphs';
import type { PostEditorProps } from './postEditorProps';
import { POST_TOOLS } from './postTools';

export type { PostEditorProps } from './postEditorProps';

import { loadPostTiptap } from './loadPostTiptap';

let Loaded: ComponentType<PostEditorProps> | null = null;

/**
 * A question's or answer's text box with a formatting toolbar (#35). Until the editor is there it
 * is a plain text box, usable at once (its text is sent as paragraphs, as the editor would); the
 * first pointer, focus or `eager` loads the editor, which takes its place with what was typed, and
 * the focus if the box had it. If the editor cannot load, the plain box stays.
 */
export function PostEditor({ eager = false, ...props }: PostEditorProps & { eager?: boolean }) {
  const [Editor, setEditor] = useState<ComponentType<PostEditorProps> | null>(() => Loaded);
  const [loading, setLoading] = useState(false);
  const [autoFocus, setAutoFocus] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const busy = useRef(false);
  // The plain box's own text (the value is its HTML); an outside change (emptied once sent) resets it.
  const [text, setText] = useState(() => htmlToText(props.value));
  const sent = useRef(props.value);
  if (props.value !== sent.current) {
    sent.current = props.value;
    const next = htmlToText(props.value);
    if (next !== text) setText(next);
  }

  const use = useCallback(() => {
    if (busy.current || Loaded) return;
    busy.current = true;
    setLoading(true);
    loadPostTiptap().then(
      (module) => {
        Loaded = module.default;
        setAutoFocus(box.current !== null && document.activeElement === box.current);
        setEditor(() => module.default);
      },
      () => {
        // The plain box stays; the next use tries again.
        busy.current = false;
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    if (eager && !Editor) use();
  }, [eager, Editor, use]);

  if (Editor) return <Editor {...props} autoFocus={autoFocus} />;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointing at the box (not a control itself) loads the editor; its text box is the control.
    <div className="ed-post-editor ed-post-editor-idle" onPointerEnter={use} onFocus={use}>
      <div className="ed-post-toolbar" aria-hidden="true">
        {POST_TOOLS.map((tool) => (
          <span key={tool.name} className="ed-post-tool">
            {tool.icon}
          </span>
        ))}
        {loading && <span className="cp-spinner cp-spinner-small ed-post-loading" />}
      </div>
      <textarea
        ref={box}
        id={props.inputId}
        className="ed-post-content ed-post-plain"
        rows={4}
        value={text}
        maxLength={props.maxLength}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(event) => {
          setText(event.target.value);
          const html = textToHtml(event.target.value);
          sent.current = html;
          props.onChange(html);
        }}
      />
    </div>
  );
}
