import { richHtmlKey, useRichHtml } from '@courseport/shared-ui/rich-text';
import type { Ref } from 'react';
import { TOOLS } from './editorTools';

/**
 * The description editor's box before the editor is there (on the server's page, and until the
 * educator goes to use it): the same toolbar row and text area, so nothing moves when the editor
 * takes its place, with the description as it is (sanitized), read only. Pointing at it, focusing
 * it or pressing it calls `onUse` (the editor loads); it says 'Loading editor...' meanwhile.
 */
export function EditorPlaceholder({
  html,
  labelledBy,
  describedBy,
  status,
  contentRef,
  onUse,
}: {
  html: string;
  labelledBy: string;
  describedBy?: string | undefined;
  /** What the box says while the editor is not there yet ('' when nothing is under way). */
  status: string;
  contentRef?: Ref<HTMLDivElement>;
  onUse?: (pressed: boolean) => void;
}) {
  // DOMPurify (the API's allow-list) loads once, with the box; on the server's page, the server's
  // sanitized markup until then (shared-ui/rich-text). Headings one level down (h2 → h3), drawn as
  // the editor draws its own.
  const safe = useRichHtml(`description-${labelledBy}`, html, { down: 1 });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointing at or pressing anywhere on the box (not a control itself) loads the editor; its textbox is the control.
    <div
      className="ed-editor ed-editor-idle"
      onPointerEnter={() => onUse?.(false)}
      onPointerDown={() => onUse?.(true)}
      onFocus={() => onUse?.(false)}
    >
      <div className="ed-toolbar">
        {TOOLS.map((tool) => (
          <span key={tool.name} className="ed-tool" aria-hidden="true">
            {tool.icon}
          </span>
        ))}
        <span className="ed-editor-status" role="status">
          {status && (
            <>
              <span className="cp-spinner cp-spinner-small" aria-hidden="true" />
              {status}
            </>
          )}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: it stands for the rich-text editor (a contenteditable textbox), which replaces it when used. */}
      <div
        {...richHtmlKey(`description-${labelledBy}`)}
        ref={contentRef}
        className="ed-editor-content ed-editor-preview"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={describedBy ? true : undefined}
        aria-busy={status !== '' || safe === null || undefined}
        tabIndex={0}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify and the API's allow-list (shared-ui's rich-text.ts), on the server with sanitize-html and the same list (prepareServerRichText).
        dangerouslySetInnerHTML={{ __html: safe ?? '' }}
      />
    </div>
  );
}
