/**
 * antd's styles in a server render (#34: signed-in pages rendered on the shell's server): antd
 * writes its CSS at run time, so a page rendered on the server collects the CSS its components
 * asked for (`AntdStyleCollector`) and sends it in the document's head (`antdStyleTags`). The
 * browser's antd finds those style elements and does not write them again. Server-only: imported by
 * the shell's render module, never by a browser build. The same @ant-design/cssinjs as antd's.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';

export type AntdStyleCache = ReturnType<typeof createCache>;

/** A render's own style cache (one per request: what that page used). */
export const createAntdStyleCache = (): AntdStyleCache => createCache();

export function AntdStyleCollector({ cache, children }: { cache: AntdStyleCache; children: ReactNode }) {
  return <StyleProvider cache={cache}>{children}</StyleProvider>;
}

/** The `<style>` elements of the CSS the render used; nothing when it used no antd component. */
export function antdStyleTags(cache: AntdStyleCache): string {
  const tags = extractStyle(cache);
  return tags.includes('data-css-hash') ? tags : '';
}
