import { Button, CourseImage, type EnrolledCourse } from '@courseport/shared-ui';
import { forwardRef } from 'react';
import { CheckIcon } from '../../../components/icons';
import { LectureNavigation, type LectureNavigationProps } from './LectureNavigation';
import { LectureVideo, type LectureVideoProps } from './LectureVideo';
import type { LecturePosition } from './lectures';

/**
 * `.ln-player-thumb` (player.css) in the player's column: from 992px 7/12 of the 1200px container
 * (48px padding, 40px gap), below that the whole container (5vw padding).
 */
const THUMB_SIZES = '(min-width: 1200px) 621px, (min-width: 992px) calc(58.3vw - 79px), 90vw';

export interface LecturePlayerProps {
  course: EnrolledCourse;
  /** The lecture being watched; null shows the course thumbnail. */
  playing: LecturePosition | null;
  done: boolean;
  marking: boolean;
  onMarkComplete: () => void;
  /** Where the video starts, how its position is kept and what its end does. */
  video: Pick<LectureVideoProps, 'startSeconds' | 'onPosition' | 'onEnded'>;
  navigation: LectureNavigationProps;
}

/**
 * The chosen lecture's video with its number, title and 'Mark Complete', then Previous/Next and
 * the autoplay switch; the course thumbnail before a lecture is chosen.
 */
export const LecturePlayer = forwardRef<HTMLElement, LecturePlayerProps>(function LecturePlayer(
  { course, playing, done, marking, onMarkComplete, video, navigation },
  ref,
) {
  if (!playing) {
    return (
      <section ref={ref} className="ln-player-media" aria-label="Lecture player">
        {/* Above the fold on every screen, the page's largest image: loaded first. */}
        <CourseImage className="ln-player-thumb" course={course} sizes={THUMB_SIZES} priority />
        <p className="ln-player-hint">Choose a lecture and press Watch to start learning.</p>
      </section>
    );
  }

  const { lecture, number, videoId } = playing;
  return (
    <section ref={ref} className="ln-player-media" aria-label="Lecture player">
      <LectureVideo key={lecture.lectureId} videoId={videoId} title={lecture.lectureTitle} {...video} />
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
      <LectureNavigation {...navigation} />
    </section>
  );
});
