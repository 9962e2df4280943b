import { type Lecture, LectureRow, lessonKindOf } from '@courseport/shared-ui';
import { CheckIcon, PlayIcon } from '../../../components/icons';
import { isOpenable } from './lectures';

export interface LectureItemProps {
  lecture: Lecture;
  done: boolean;
  playing: boolean;
  onWatch: (lectureId: string) => void;
}

/**
 * A lesson in the player: done or not, its kind (icon and words, under its title), and Watch for a
 * video (Open for an article, a quiz or a project).
 */
export function LectureItem({ lecture, done, playing, onWatch }: LectureItemProps) {
  const openable = isOpenable(lecture);
  return (
    <LectureRow
      lecture={lecture}
      kindIcon
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
        openable
          ? {
              text: lessonKindOf(lecture) === 'video' ? 'Watch' : 'Open',
              className: 'ln-watch',
              pressed: playing,
              onClick: () => onWatch(lecture.lectureId),
            }
          : null
      }
    />
  );
}
