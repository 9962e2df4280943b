import { type Editor, useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={active ? 'ed-tool is-active' : 'ed-tool'}
      aria-label={label}
      title={label}
      aria-pressed={active}
      // Keep the selection in the editor while clicking.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const svg = (path: ReactNode) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {path}
  </svg>
);

/** Bold, Italic, Heading, Bullet list and Numbered list. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading', { level: 2 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="ed-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton label="Bold" active={active.bold} onClick={() => chain().toggleBold().run()}>
        {svg(<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />)}
      </ToolButton>
      <ToolButton label="Italic" active={active.italic} onClick={() => chain().toggleItalic().run()}>
        {svg(<path d="M14 5h-4M14 19h-4M14 5l-4 14" />)}
      </ToolButton>
      <ToolButton label="Heading" active={active.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        {svg(<path d="M6 5v14M18 5v14M6 12h12" />)}
      </ToolButton>
      <ToolButton label="Bullet list" active={active.bulletList} onClick={() => chain().toggleBulletList().run()}>
        {svg(
          <>
            <path d="M9 6h11M9 12h11M9 18h11" />
            <circle cx="4.5" cy="6" r="1" fill="currentColor" />
            <circle cx="4.5" cy="12" r="1" fill="currentColor" />
            <circle cx="4.5" cy="18" r="1" fill="currentColor" />
          </>,
        )}
      </ToolButton>
      <ToolButton label="Numbered list" active={active.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        {svg(<path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 14.5a1.5 1.5 0 1 1 2.5 1.2L3.5 19H6.5" />)}
      </ToolButton>
    </div>
  );
}
