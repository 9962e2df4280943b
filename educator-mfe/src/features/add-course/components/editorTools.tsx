import type { ReactNode } from 'react';
import { COMMON_TOOLS, svg } from '../../../components/editorIcons';

/** The toolbar's tools, in order: what each is called and its icon (without Tiptap, for the placeholder too). */
export type ToolName = 'bold' | 'italic' | 'heading' | 'bulletList' | 'orderedList';

export const TOOLS: ReadonlyArray<{ name: ToolName; label: string; icon: ReactNode }> = [
  COMMON_TOOLS.bold,
  COMMON_TOOLS.italic,
  { name: 'heading', label: 'Heading', icon: svg(<path d="M6 5v14M18 5v14M6 12h12" />) },
  COMMON_TOOLS.bulletList,
  COMMON_TOOLS.orderedList,
];
