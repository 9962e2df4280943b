import { type Editor, useEditorState } from '@tiptap/react';
import type { ReactNode } from 'react';
import { TOOLS, type ToolName } from './editorTools';

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

/** Bold, Italic, Heading, Bullet list and Numbered list. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }): Record<ToolName, boolean> => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading', { level: 2 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });
  const commands: Record<ToolName, () => void> = {
    bold: () => editor.chain().focus().toggleBold().run(),
    italic: () => editor.chain().focus().toggleItalic().run(),
    heading: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    bulletList: () => editor.chain().focus().toggleBulletList().run(),
    orderedList: () => editor.chain().focus().toggleOrderedList().run(),
  };
  return (
    <div className="ed-toolbar" role="toolbar" aria-label="Formatting">
      {TOOLS.map((tool) => (
        <ToolButton key={tool.name} label={tool.label} active={active[tool.name]} onClick={commands[tool.name]}>
          {tool.icon}
        </ToolButton>
      ))}
    </div>
  );
}
