import type { Chapter } from '@courseport/shared-ui';
import { type RefObject, useEffect } from 'react';
import { isOpenable } from './lectures';

/**
 * Starts loading what a hosted lesson plays with (the hosted player, then hls.js where the browser has
 * Media Source Extensions), so its Watch waits only for the stream (#33). Called when the student is
 * about to open one (points at it, focuses it, touches it), never on the page's first load: the
 * 112 KB of hls.js are for the students who play a hosted video (#34). Each part loads once (the
 * module by the browser, hls.js by the stream's loader, which tries a failed load again next time).
 */
export function preloadHostedPlayer(): void {
  void import('@courseport/shared-ui/hosted-video').then((module) => module.preloadHostedVideo()).catch(() => {});
}

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
 * Preloads a hosted lesson's player when the student is about to open one inside `area`: a pointer or
 * the focus on (or in) an element naming the lesson (`data-lecture-id`: its row in the structure,
 * Previous, Next). A hint only, not an interaction: listened to on the area, passively.
 */
export function usePreloadHostedOnIntent(area: RefObject<HTMLElement | null>, hosted: ReadonlySet<string>): void {
  useEffect(() => {
    const element = area.current;
    if (!element || hosted.size === 0) return;
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element)) return;
      const id = event.target.closest('[data-lecture-id]')?.getAttribute('data-lecture-id');
      if (id && hosted.has(id)) preloadHostedPlayer();
    };
    for (const type of INTENT_EVENTS) element.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) element.removeEventListener(type, onIntent);
    };
  }, [area, hosted]);
}
