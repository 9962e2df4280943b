import type { ReactNode } from 'react';
import { Icon } from './icons';

/** A toolbar icon: the portal's icon drawing at 16 px (the button names it). */
export const svg = (path: ReactNode) => <Icon size={16}>{path}</Icon>;

/** The tools both editors of this portal have (the course description's and a Q&A post's). */
export const COMMON_TOOLS = {
  bold: {
    name: 'bold',
    label: 'Bold',
    icon: svg(<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />),
  },
  italic: { name: 'italic', label: 'Italic', icon: svg(<path d="M14 5h-4M14 19h-4M14 5l-4 14" />) },
  bulletList: {
    name: 'bulletList',
    label: 'Bullet list',
    icon: svg(
      <>
        <path d="M9 6h11M9 12h11M9 18h11" />
        <circle cx="4.5" cy="6" r="1" fill="currentColor" />
        <circle cx="4.5" cy="12" r="1" fill="currentColor" />
        <circle cx="4.5" cy="18" r="1" fill="currentColor" />
      </>,
    ),
  },
  orderedList: {
    name: 'orderedList',
    label: 'Numbered list',
    icon: svg(<path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 14.5a1.5 1.5 0 1 1 2.5 1.2L3.5 19H6.5" />),
  },
} as const;
