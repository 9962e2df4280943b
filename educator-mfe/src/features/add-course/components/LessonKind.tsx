import type { LessonKind } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import { ArticleIcon, ProjectIcon, QuizIcon, VideoIcon } from '../../../components/icons';

export const LESSON_KIND_LABELS: Record<LessonKind, string> = {
  video: 'Video',
  article: 'Article',
  quiz: 'Quiz',
  project: 'Project',
};

const ICONS: Record<LessonKind, ReactNode> = {
  video: <VideoIcon />,
  article: <ArticleIcon />,
  quiz: <QuizIcon />,
  project: <ProjectIcon />,
};

/** A lesson's kind as an icon and its name (the icon is decoration: the text says it). */
export function LessonKindBadge({ kind }: { kind: LessonKind }) {
  return (
    <span className={`ed-kind ed-kind-${kind}`}>
      {ICONS[kind]}
      <span>{LESSON_KIND_LABELS[kind]}</span>
    </span>
  );
}

/** The lesson dialog's choice of kind: native radios in a fieldset (arrow keys move between them). */
export function LessonKindPicker({
  name,
  value,
  onChange,
}: {
  name: string;
  value: LessonKind;
  onChange: (kind: LessonKind) => void;
}) {
  return (
    <fieldset className="ed-kind-picker">
      <legend className="ed-field-label">Lesson type</legend>
      <div className="ed-kind-options">
        {(Object.keys(LESSON_KIND_LABELS) as LessonKind[]).map((kind) => (
          <label key={kind} className={`ed-kind-option${kind === value ? ' is-checked' : ''}`}>
            <input type="radio" name={name} value={kind} checked={kind === value} onChange={() => onChange(kind)} />
            {ICONS[kind]}
            <span>{LESSON_KIND_LABELS[kind]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
