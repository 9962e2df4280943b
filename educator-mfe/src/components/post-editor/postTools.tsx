import type { ReactNode } from 'react';
import { COMMON_TOOLS, svg } from '../editorIcons';

/** The post editor's tools, in order (without Tiptap, so the box before the editor draws them too). */
export type PostToolName = 'bold' | 'italic' | 'code' | 'bulletList' | 'orderedList' | 'codeBlock' | 'link';

export const POST_TOOLS: ReadonlyArray<{ name: PostToolName; label: string; icon: ReactNode }> = [
  COMMON_TOOLS.bold,
  COMMON_TOOLS.italic,
  { name: 'code', label: 'Code', icon: svg(<path d="M9 7l-5 5 5 5M15 7l5 5-5 5" />) },
  COMMON_TOOLS.bulletList,
  COMMON_TOOLS.orderedList,
  {
    name: 'codeBlock',
    label: 'Code block',
    icon: svg(
      <>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M10 9l-3 3 3 3M14 9l3 3-3 3" />
      </>,
    ),
  },
  {
    name: 'link',
    label: 'Link',
    icon: svg(
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
    ),
  },
];

/** The schemes a link may use (the server keeps the same: http, https, mailto). */
const SCHEME = /^(https?:|mailto:)/i;

/**
 * The address typed in the link box as a link may carry it: '' to remove the link; with no scheme,
 * `https://` (or `mailto:` for an address with an @); null when its scheme is not allowed
 * (`javascript:`, `data:`...).
 */
export function linkHref(typed: string): string | null {
  const text = typed.trim();
  if (!text) return '';
  if (SCHEME.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d/.test(text)) return null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`;
  return `https://${text.replace(/^\/+/, '')}`;
}
