import { Button, YouTubeEmbed } from '@courseport/shared-ui';
import { forwardRef } from 'react';
import { CheckIcon } from '../../page/components/icons';
import type { LecturePosition } from './lectures';

export interface LecturePlayerProps {
  courseTitle: string;
  thumbnail: string;
  /** The lecture being watched; null shows the course thumbnail. */
  playing: LecturePosition | null;
  done: boolean;
  marking: boolean;
  onMarkComplete: () => void;
}

/** The chosen lecture's video with its number, title and 'Mark Complete'; the course thumbnail before that. */
export const LecturePlayer = forwardRef<HTMLElement, LecturePlayerProps>(function LecturePlayer(
  { courseTitle, thumbnail, playing, done, marking, onMarkComplete },
  ref,
) {
  if (!playing) {
    return (
      <section ref={ref} className="ln-player-media" aria-label="Lecture player">
        <img className="ln-player-thumb" src={thumbnail} alt={courseTitle} width={640} height={360} />
        <p className="ln-player-hint">Choose a lecture and press Watch to start learning.</p>
      </section>
    );
  }

  const { lecture, number, videoId } = playing;
  return (
    <section ref={ref} className="ln-player-media" aria-label="Lecture player">
      <YouTubeEmbed key={lecture.lectureId} videoId={videoId} title={lecture.lectureTitle} autoPlay />
      <div className="ln-now">
        <p className="ln-now-title">
          <span className="ln-now-number">{number}</span>
          <span>{lecture.lectureTitle}</span>
        </p>
        <Button
          className="ln-mark"
          type="primary"
          icon={done ? <CheckIcon /> : undefined}
          disabled={done}
          loading={marking}
          aria-label={`${done ? 'Completed' : 'Mark Complete'}: ${lecture.lectureTitle}`}
          onClick={onMarkComplete}
        >
          {done ? 'Completed' : 'Mark Complete'}
        </Button>
      </div>
    </section>
  );
});
