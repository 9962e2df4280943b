import {
  Button,
  COURSE_PAGE_THUMBNAIL_SIZES,
  type CourseDetails,
  CourseImage,
  previewHostedVideoId,
  Spinner,
  whenIdle,
  YouTubeEmbed,
} from '@courseport/shared-ui';
import { forwardRef, lazy, Suspense, useEffect } from 'react';
import { loadPreviewPlayback } from '../api/playback';
import type { PreviewChoice } from './CourseStructure';

/** The hosted player (and hls.js after it) loads when a hosted preview is chosen, never with the page. */
const HostedVideo = lazy(() =>
  import('@courseport/shared-ui/hosted-video').then((module) => ({ default: module.HostedVideo })),
);

/**
 * The course thumbnail, or the chosen free-preview lecture in its place. The thumbnail is the
 * page's LCP image: loaded first, with the candidates and sizes the shell's preload hint names
 * (`COURSE_PAGE_THUMBNAIL_SIZES`, see the route's `largestImage` in contracts/src/platform.ts).
 */
export const CourseMedia = forwardRef<
  HTMLDivElement,
  { course: CourseDetails; preview: PreviewChoice | null; onClose: () => void }
>(function CourseMedia({ course, preview, onClose }, ref) {
  const offersHostedPreview = (course.courseContent ?? []).some((chapter) =>
    chapter.chapterContent.some((lecture) => previewHostedVideoId(lecture)),
  );
  // A hosted preview on offer: its player and hls.js load once the page is idle, so Preview waits
  // only for the stream (#33's time to first frame).
  useEffect(() => {
    if (!offersHostedPreview) return;
    return whenIdle(() => {
      void import('@courseport/shared-ui/hosted-video').then((module) => module.preloadHostedVideo()).catch(() => {});
    });
  }, [offersHostedPreview]);

  return (
    <div ref={ref} className="sf-media">
      {preview ? (
        <>
          {preview.hosted ? (
            <Suspense
              fallback={
                <div className="sf-media-loading" role="status">
                  <Spinner size="large" />
                  <span className="cp-visually-hidden">Loading video…</span>
                </div>
              }
            >
              <HostedVideo
                key={preview.lecture.lectureId}
                loadPlayback={() => loadPreviewPlayback(preview.videoId, course._id, preview.lecture.lectureId)}
                title={preview.lecture.lectureTitle}
                poster={preview.lecture.posterUrl}
                autoPlay
                autoFocus
                transcriptOpen={false}
              />
            </Suspense>
          ) : (
            <YouTubeEmbed
              key={preview.lecture.lectureId}
              videoId={preview.videoId}
              title={preview.lecture.lectureTitle}
              poster={course.courseThumbnail}
            />
          )}
          <div className="sf-media-caption">
            <span>
              Preview: <strong>{preview.lecture.lectureTitle}</strong>
            </span>
            <Button type="link" size="small" onClick={onClose}>
              Close preview
            </Button>
          </div>
        </>
      ) : (
        <CourseImage className="sf-media-thumb" course={course} sizes={COURSE_PAGE_THUMBNAIL_SIZES} priority />
      )}
    </div>
  );
});
