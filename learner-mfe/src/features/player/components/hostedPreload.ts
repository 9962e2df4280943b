import type { Chapter } from '@courseport/shared-ui';
import { preloadHostedVideo } from '@courseport/shared-ui/hosted-video';
import { type RefObject, useEffect } from 'react';
import { isOpenable } from './lectures';

/** The ids of the course's hosted lessons the player opens. */
export function hostedLectureIds(chapters: Chapter[]): ReadonlySet<string> {
  return new Set(
    chapters.flatMap((chapter) =>
      chapter.chapterContent
        .filter((lecture) => lecture.hostedVideoId && isOpenable(lecture))
        .map((lecture) => lecture.lectureId),
    ),
  );
}

/** What tells that the student is about to open a lesson: a pointer on it, a touch, the focus. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * Starts loading hls.js (where the browser has Media Source Extensions; once, a failed load tried
 * again next time) when the student is about to open a hosted lesson inside `area`, so its Watch
 * waits only for the stream (#33): a pointer, a touch or the focus on (or in) an element naming the
 * lesson (`data-lecture-id`: its row in the structure, Previous, Next). Never on the page's first
 * load: its 112 KB are for the students who play a hosted video (#34). A hint only, not an
 * interaction: listened to on the area, passively.
 */
export function usePreloadHostedOnIntent(area: RefObject<HTMLElement | null>, hosted: ReadonlySet<string>): void {
  useEffect(() => {
    const element = area.current;
    if (!element || hosted.size === 0) return;
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element)) return;
      const id = event.target.closest('[data-lecture-id]')?.getAttribute('data-lecture-id');
      if (id && hosted.has(id)) preloadHostedVideo();
    };
    for (const type of INTENT_EVENTS) element.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) element.removeEventListener(type, onIntent);
    };
  }, [area, hosted]);
}
