import type { ReactNode } from 'react';

/** The post editor's tools, in order (without Tiptap, so the box before the editor draws them too). */
export type PostToolName = 'bold' | 'italic' | 'code' | 'bulletList' | 'orderedList' | 'codeBlock' | 'link';

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

export const POST_TOOLS: ReadonlyArray<{ name: PostToolName; label: string; icon: ReactNode }> = [
  { name: 'bold', label: 'Bold', icon: svg(<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />) },
  { name: 'italic', label: 'Italic', icon: svg(<path d="M14 5h-4M14 19h-4M14 5l-4 14" />) },
  { name: 'code', label: 'Code', icon: svg(<path d="M9 7l-5 5 5 5M15 7l5 5-5 5" />) },
  {
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
  {
    name: 'orderedList',
    label: 'Numbered list',
    icon: svg(<path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 14.5a1.5 1.5 0 1 1 2.5 1.2L3.5 19H6.5" />),
  },
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
