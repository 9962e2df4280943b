import { Button, formatDuration, type Lecture } from '@courseport/shared-ui';
import { CheckIcon, PlayIcon } from '../../page/components/icons';
import { lectureVideoId } from './lectures';

export interface LectureItemProps {
  lecture: Lecture;
  done: boolean;
  playing: boolean;
  onWatch: (lectureId: string) => void;
}

/** One lecture of the structure: done or not, its title, Watch (when it has a video) and its duration. */
export function LectureItem({ lecture, done, playing, onWatch }: LectureItemProps) {
  const hasVideo = lectureVideoId(lecture) !== '';
  return (
    <li
      className={playing ? 'ln-lecture ln-lecture-playing' : 'ln-lecture'}
      data-lecture-id={lecture.lectureId}
      data-completed={done}
    >
      {done ? (
        <CheckIcon className="ln-lecture-icon ln-lecture-icon-done" label="Completed" />
      ) : (
        <PlayIcon className="ln-lecture-icon" label="Not completed" />
      )}
      <span className="ln-lecture-title">{lecture.lectureTitle}</span>
      <span className="ln-lecture-meta">
        {hasVideo && (
          <Button
            type="link"
            size="small"
            className="ln-watch"
            aria-label={`Watch ${lecture.lectureTitle}`}
            aria-pressed={playing}
            onClick={() => onWatch(lecture.lectureId)}
          >
            Watch
          </Button>
        )}
        <span className="ln-lecture-duration">{formatDuration(lecture.lectureDuration)}</span>
      </span>
    </li>
  );
}
