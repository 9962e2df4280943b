import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { DragIcon } from '../../../components/icons';

/** The handle that moves a chapter or a lecture: drag it, or focus it and press Space. */
export function SortableHandle({
  label,
  attributes,
  listeners,
}: {
  label: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <button type="button" className="ed-icon-button ed-drag-handle" {...attributes} {...listeners} aria-label={label}>
      <DragIcon />
    </button>
  );
}
