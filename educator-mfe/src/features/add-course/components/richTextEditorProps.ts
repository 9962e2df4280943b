/** What the course description editor takes (the wrapper and the Tiptap editor alike). */
export interface RichTextEditorProps {
  /** HTML; '' for an empty document. */
  value: string;
  onChange: (html: string) => void;
  /** The id of the element that labels the editor. */
  labelledBy: string;
  /** The id of the element that describes the editor (its error message), when there is one. */
  describedBy?: string | undefined;
  /** Take the focus when made (the educator clicked or focused the box while the editor loaded). */
  autoFocus?: boolean;
}
