/** What the course description editor takes (the lazy wrapper and the Tiptap editor alike). */
export interface RichTextEditorProps {
  /** HTML; '' for an empty document. */
  value: string;
  onChange: (html: string) => void;
  /** The id of the element that labels the editor. */
  labelledBy: string;
  /** The id of the element that describes the editor (its error message), when there is one. */
  describedBy?: string | undefined;
}
