import { type Lecture, LectureRow } from '@courseport/shared-ui';
import { CheckIcon, PlayIcon } from '../../../components/icons';
import { lectureVideoId } from './lectures';

export interface LectureItemProps {
  lecture: Lecture;
  done: boolean;
  playing: boolean;
  onWatch: (lectureId: string) => void;
}

/** A lecture in the player: done or not, and Watch when it has a video. */
export function LectureItem({ lecture, done, playing, onWatch }: LectureItemProps) {
  const hasVideo = lectureVideoId(lecture) !== '';
  return (
    <LectureRow
      lecture={lecture}
      className={playing ? 'ln-lecture ln-lecture-playing' : 'ln-lecture'}
      data-lecture-id={lecture.lectureId}
      data-completed={done}
      icon={
        done ? (
          <CheckIcon className="cp-lecture-icon ln-lecture-icon-done" label="Completed" />
        ) : (
          <PlayIcon className="cp-lecture-icon" label="Not completed" />
        )
      }
      action={
        hasVideo
          ? { text: 'Watch', className: 'ln-watch', pressed: playing, onClick: () => onWatch(lecture.lectureId) }
          : null
      }
    />
  );
}
