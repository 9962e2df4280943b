import { useSession } from '@courseport/shared-ui';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { draftKey, loadThumbnail, readDraft, removeDraft, saveThumbnail, writeDraft } from '../api/draftStore';
import type { CourseFields } from './chapters';
import type { CourseFormState } from './useCourseForm';

export interface RestoredDraft {
  savedAt: number;
  /** The draft had a thumbnail that could not be read back: it must be picked again. */
  thumbnailLost: boolean;
}

/** What the course form holds, as comparable text (a chapter's collapsed flag is not a change). */
function snapshotOf(state: CourseFormState): string {
  const values: Partial<CourseFields> = state.fields.values();
  return JSON.stringify({
    fields: {
      courseTitle: values.courseTitle ?? '',
      coursePrice: values.coursePrice ?? null,
      discount: values.discount ?? null,
      category: values.category ?? '',
      level: values.level ?? '',
    },
    description: state.description,
    chapters: state.content.chapters.map(({ collapsed: _collapsed, ...chapter }) => chapter),
    thumbnail: state.thumbnail ? `${state.thumbnail.name}:${state.thumbnail.size}` : null,
  });
}

/**
 * Keeps the course being written as a draft on this device (per educator; per course when editing)
 * from its first change until it is sent, and puts it back when the page opens again. `isDirty()`:
 * the form differs from how the page started (the saved course, or empty).
 */
export function useCourseDraft(state: CourseFormState, courseId?: string) {
  const userId = useSession((s) => s.identity?.id ?? null);
  const key = userId ? draftKey(userId, courseId) : null;
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  /** A ref, not state: typing re-renders nothing (the leave guard reads it when asked). */
  const dirty = useRef(false);
  /** The form as the page started, and as last sent: no change from it, no draft. */
  const initial = useRef<string | null>(null);
  const baseline = useRef<string | null>(null);
  const started = useRef(false);
  const latest = useRef(state);
  latest.current = state;

  // Once per key: remember the start, then put a kept draft back (before the first paint: the notice
  // and the restored values do not move the page after it is shown).
  useLayoutEffect(() => {
    if (!key) return;
    const form = latest.current;
    initial.current = snapshotOf(form);
    baseline.current = initial.current;
    started.current = false;
    const draft = readDraft(key);
    if (!draft) return;
    form.fields.setValues(draft.fields);
    form.setDescription(draft.description);
    form.content.replace(draft.chapters);
    setRestored({ savedAt: draft.savedAt, thumbnailLost: false });
    if (draft.thumbnailName) {
      void loadThumbnail(key).then((file) => {
        if (file) latest.current.setThumbnail(file);
        else setRestored((r) => r && { ...r, thumbnailLost: true });
      });
    }
  }, [key]);

  /** After a change: keep it, or forget the draft when the form is back to its start. */
  const check = useCallback(() => {
    if (!key || baseline.current === null || !started.current) return;
    const form = latest.current;
    const changed = snapshotOf(form) !== baseline.current;
    dirty.current = changed;
    if (changed) {
      writeDraft(key, {
        savedAt: Date.now(),
        fields: form.fields.values(),
        description: form.description,
        chapters: form.content.chapters,
        thumbnailName: form.thumbnail?.name,
      });
    } else {
      removeDraft(key);
    }
  }, [key]);

  // The fields tell their changes directly (typing re-renders nothing).
  const { fieldsListener } = state;
  useEffect(() => {
    fieldsListener.current = check;
    return () => {
      fieldsListener.current = null;
    };
  }, [fieldsListener, check]);

  // The other parts are React state: check after they changed (a restored draft included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's parts are the triggers; it is read through `latest`.
  useEffect(() => {
    if (!key || baseline.current === null) return;
    // The first run is the mount, before a restored draft is in the form: nothing changed yet.
    if (!started.current) {
      started.current = true;
      return;
    }
    check();
  }, [key, check, restored, state.description, state.content.chapters, state.thumbnail]);

  // The thumbnail's bytes go to IndexedDB (a File does not fit in localStorage).
  useEffect(() => {
    if (key && started.current && state.thumbnail) void saveThumbnail(key, state.thumbnail);
  }, [key, state.thumbnail]);

  /** The course was sent: no draft, and what is in the form now counts as unchanged. */
  const markSaved = useCallback(() => {
    if (!key) return;
    baseline.current = snapshotOf(latest.current);
    removeDraft(key);
    dirty.current = false;
    setRestored(null);
  }, [key]);

  /** The form starts afresh ('Add another'): its empty state is the start again. */
  const restart = useCallback(() => {
    baseline.current = initial.current;
    setRestored(null);
  }, []);

  /** 'Discard draft': forget it and put the form back as the page started. */
  const discard = useCallback(() => {
    if (key) removeDraft(key);
    baseline.current = initial.current;
    latest.current.reset();
    dirty.current = false;
    setRestored(null);
  }, [key]);

  const isDirty = useCallback(() => dirty.current, []);
  return { isDirty, restored, markSaved, restart, discard };
}
