import type { RichTextEditorProps } from '../../src/features/add-course/components/RichTextEditor';

/** Stands in for the Tiptap editor in page tests: the same props, a plain textarea holding the HTML. */
export default function TextareaEditor({ value, onChange, labelledBy, describedBy, autoFocus }: RichTextEditorProps) {
  return (
    <textarea
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={describedBy ? true : undefined}
      value={value}
      // biome-ignore lint/a11y/noAutofocus: as the editor does when the educator clicked its box while it loaded.
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
