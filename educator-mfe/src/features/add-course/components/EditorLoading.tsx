/**
 * The description editor's place while it loads: the same box (`.ed-editor-loading`, the editor's
 * height) whether its chunk is on the way or Tiptap has not made the editor yet (the first render,
 * and the server's render of the page), so nothing moves when the editor appears.
 */
export function EditorLoading() {
  return (
    <div className="ed-editor-loading" role="status">
      Loading editor...
    </div>
  );
}
