/**
 * The formatting editor's chunk (Tiptap, ProseMirror): fetched when a post's box is first used,
 * never with the player (#34's first-load budget). Its own module, so page tests can keep it away.
 */
export const loadPostTiptap = () => import('./PostTiptap');
