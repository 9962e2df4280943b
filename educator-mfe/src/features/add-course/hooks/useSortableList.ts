import {
  type Announcements,
  closestCenter,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo, useRef } from 'react';

/**
 * What a sortable list (chapters, or one chapter's lectures) gives its `DndContext`: drag with the
 * pointer (after 4 px, so a click stays a click), or focus the handle and press Space, the arrow
 * keys and Space again; and what a screen reader hears meanwhile, naming the item and its place.
 */
export function useSortableList(
  kind: 'chapter' | 'lecture',
  items: Array<{ id: string; title: string }>,
  onMove: (activeId: string, overId: string) => void,
) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Where the item was last over, read while the list is still in its old order (the drop may
  // re-render the list before the drop is announced).
  const lastPlace = useRef('');

  return useMemo(() => {
    const name = (id: string | number) => {
      const item = items.find((i) => i.id === String(id));
      return item ? `${kind} '${item.title}'` : kind;
    };
    const place = (id: string | number | undefined) => {
      const index = items.findIndex((i) => i.id === String(id));
      return `position ${index + 1} of ${items.length}`;
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        lastPlace.current = place(active.id);
        return `Picked up ${name(active.id)}.`;
      },
      onDragOver: ({ active, over }) => {
        if (!over) return undefined;
        lastPlace.current = place(over.id);
        return `${capital(name(active.id))} is over ${lastPlace.current}.`;
      },
      onDragEnd: ({ active, over }) =>
        over
          ? `${capital(name(active.id))} was dropped at ${lastPlace.current}.`
          : `${capital(name(active.id))} was dropped.`,
      onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
    };
    const screenReaderInstructions: ScreenReaderInstructions = {
      draggable: `To move a ${kind}, press Space or Enter on its handle, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.`,
    };
    const onDragEnd = ({ active, over }: DragEndEvent) => {
      if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
    };
    return {
      sensors,
      collisionDetection: closestCenter,
      accessibility: { announcements, screenReaderInstructions },
      onDragEnd,
    };
  }, [kind, items, onMove, sensors]);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
