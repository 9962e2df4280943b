/** What the post editor takes (the light box and the Tiptap editor alike). */
export interface PostEditorProps {
  /** HTML; '' for an empty post. */
  value: string;
  onChange: (html: string) => void;
  /** The id of the element that labels the editor (a `<label>` whose `htmlFor` is `inputId`). */
  labelledBy: string;
  /** The id of the plain text box the editor stands in for until it is there. */
  inputId: string;
  describedBy?: string | undefined;
  disabled?: boolean | undefined;
  /** The most characters of the HTML sent. */
  maxLength?: number | undefined;
  /** Take the focus when made (the box had it while the editor loaded). */
  autoFocus?: boolean;
}
