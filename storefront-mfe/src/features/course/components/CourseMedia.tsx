import { Button, YouTubeEmbed } from '@courseport/shared-ui';
import { forwardRef } from 'react';
import type { PreviewChoice } from './CourseStructure';

/** The course thumbnail, or the chosen free-preview lecture in its place. */
export const CourseMedia = forwardRef<
  HTMLDivElement,
  { title: string; thumbnail: string; preview: PreviewChoice | null; onClose: () => void }
>(function CourseMedia({ title, thumbnail, preview, onClose }, ref) {
  return (
    <div ref={ref} className="sf-media">
      {preview ? (
        <>
          <YouTubeEmbed
            key={preview.lecture.lectureId}
            videoId={preview.videoId}
            title={preview.lecture.lectureTitle}
            poster={thumbnail}
          />
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
        <img className="sf-media-thumb" src={thumbnail} alt={title} width={640} height={360} />
      )}
    </div>
  );
});
