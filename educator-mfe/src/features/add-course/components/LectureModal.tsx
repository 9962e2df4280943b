import { Button, type LessonKind, readingMinutes } from '@courseport/shared-ui';
import { Checkbox } from '@courseport/shared-ui/antd/checkbox';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { useEffect, useId, useRef, useState } from 'react';
import { EMPTY_LECTURE, type LectureFields, type VideoSource, videoSourceOf } from '../hooks/chapters';
import { newQuiz } from '../hooks/quiz';
import { type LectureProblems, lectureProblems } from '../hooks/validation';
import { FieldError } from './FieldError';
import { LessonKindPicker } from './LessonKind';
import { QuizEditor } from './QuizEditor';
import { ResourcesEditor } from './ResourcesEditor';
import { RichTextEditor } from './RichTextEditor';
import { HostedVideoSelect, VideoSourcePicker } from './VideoSourceField';
import { YouTubePreview } from './YouTubePreview';
import '../../../styles/lessons.css';

/**
 * 'Add Lecture' (or 'Edit Lecture' with `initial`): the lesson's kind (video, article, quiz,
 * project), title, its kind's own fields (a YouTube link; an article's rich text with its reading
 * time; a quiz; a project's brief), whether it is a free preview, and its resources. Checked on
 * Add / Save with the server's own lesson schema: each field says what is wrong under it, and
 * nothing is added until all are right. Emptied whenever the modal closes.
 */
export function LectureModal({
  open,
  initial,
  onAdd,
  onClose,
}: {
  open: boolean;
  /** The lecture being edited; none for a new one. */
  initial?: LectureFields | null;
  onAdd: (fields: LectureFields) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<LectureFields>(initial ?? EMPTY_LECTURE);
  const [problems, setProblems] = useState<LectureProblems>({});
  const [checked, setChecked] = useState(false);
  /** Set by a refused Add: the first control with a problem takes the focus once it is marked. */
  const [focusRequest, setFocusRequest] = useState(0);
  const body = useRef<HTMLDivElement>(null);
  const editing = Boolean(initial);
  const kind: LessonKind = fields.lessonKind ?? 'video';
  const source: VideoSource = videoSourceOf(fields);
  const hosted = kind === 'video' && source === 'hosted';

  // Opened for another lecture (or for a new one): start from its fields. While rendering the
  // opening, not in an effect, which could run after the first key presses and wipe them.
  const [openedFor, setOpenedFor] = useState<{ open: boolean; initial?: LectureFields | null }>({ open, initial });
  if (open !== openedFor.open || (open && initial !== openedFor.initial)) {
    setOpenedFor({ open, initial });
    if (open) setFields(initial ?? EMPTY_LECTURE);
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const update = (next: LectureFields) => {
    setFields(next);
    // Once a save was refused, the messages follow the typing.
    if (checked) setProblems(lectureProblems(next));
  };
  const set = <K extends keyof LectureFields>(key: K, value: LectureFields[K]) => update({ ...fields, [key]: value });
  const setKind = (next: LessonKind) =>
    update({ ...fields, lessonKind: next, quiz: next === 'quiz' ? (fields.quiz ?? newQuiz()) : fields.quiz });

  const close = () => {
    setFields(EMPTY_LECTURE);
    setProblems({});
    setChecked(false);
    onClose();
  };
  const add = () => {
    const found = lectureProblems(fields);
    setChecked(true);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    onAdd({
      ...fields,
      lectureTitle: fields.lectureTitle.trim(),
      // A video lesson plays one source: the other is cleared.
      videoSource: source,
      lectureUrl: kind === 'video' && !hosted ? fields.lectureUrl.trim() : '',
      hostedVideoId: hosted ? (fields.hostedVideoId ?? '') : '',
      // An article's minutes are its reading time.
      lectureDuration: kind === 'article' ? String(readingMinutes(fields.articleHtml ?? '')) : fields.lectureDuration,
    });
    close();
  };

  const described = (key: string) =>
    problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error`, status: 'error' as const } : {};

  return (
    <Themed>
      <Modal
        open={open}
        title={editing ? 'Edit Lecture' : 'Add Lecture'}
        onCancel={close}
        width={kind === 'video' ? 520 : 720}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={add}>
            {editing ? 'Save' : 'Add'}
          </Button>
        }
      >
        <div className="ed-lecture-form" ref={body}>
          <LessonKindPicker name={`${id}-kind`} value={kind} onChange={setKind} />
          <div className="ed-field">
            <label htmlFor={`${id}-lectureTitle`} className="ed-field-label">
              Lecture Title
            </label>
            <Input
              id={`${id}-lectureTitle`}
              maxLength={200}
              value={fields.lectureTitle}
              onChange={(event) => set('lectureTitle', event.target.value)}
              {...described('lectureTitle')}
            />
            <FieldError id={`${id}-lectureTitle-error`} message={problems.lectureTitle} />
          </div>
          {kind === 'article' ? (
            <ArticleField
              id={id}
              html={fields.articleHtml ?? ''}
              problem={problems.articleHtml}
              onChange={(html) => set('articleHtml', html)}
            />
          ) : (
            <div className="ed-field">
              <label htmlFor={`${id}-lectureDuration`} className="ed-field-label">
                Duration (minutes)
              </label>
              <Input
                id={`${id}-lectureDuration`}
                type="number"
                inputMode="numeric"
                value={fields.lectureDuration}
                readOnly={hosted}
                onChange={(event) => set('lectureDuration', event.target.value)}
                {...described('lectureDuration')}
                {...(hosted
                  ? {
                      'aria-describedby': problems.lectureDuration
                        ? `${id}-lectureDuration-hint ${id}-lectureDuration-error`
                        : `${id}-lectureDuration-hint`,
                    }
                  : {})}
              />
              {hosted && (
                <p id={`${id}-lectureDuration-hint`} className="ed-hint">
                  Set from the video.
                </p>
              )}
              <FieldError id={`${id}-lectureDuration-error`} message={problems.lectureDuration} />
            </div>
          )}
          {kind === 'video' && (
            <VideoSourcePicker name={`${id}-source`} value={source} onChange={(next) => set('videoSource', next)} />
          )}
          {hosted && (
            <HostedVideoSelect
              id={`${id}-hostedVideoId`}
              value={fields.hostedVideoId ?? ''}
              problem={problems.hostedVideoId}
              onChange={(changes) => update({ ...fields, ...changes })}
            />
          )}
          {kind === 'video' && !hosted && (
            <div className="ed-field">
              <label htmlFor={`${id}-lectureUrl`} className="ed-field-label">
                Lecture URL
              </label>
              <Input
                id={`${id}-lectureUrl`}
                type="url"
                placeholder="https://"
                value={fields.lectureUrl}
                onChange={(event) => set('lectureUrl', event.target.value)}
                {...described('lectureUrl')}
              />
              <FieldError id={`${id}-lectureUrl-error`} message={problems.lectureUrl} />
              <YouTubePreview link={fields.lectureUrl} />
            </div>
          )}
          {kind === 'project' && (
            <RichField
              id={`${id}-projectBrief`}
              label="Project brief"
              html={fields.projectBrief ?? ''}
              problem={problems.projectBrief}
              onChange={(html) => set('projectBrief', html)}
            />
          )}
          {kind === 'quiz' && fields.quiz && (
            <QuizEditor idPrefix={id} quiz={fields.quiz} problems={problems} onChange={(quiz) => set('quiz', quiz)} />
          )}
          {kind === 'quiz' && !fields.quiz && fields.keepsSavedQuiz && (
            <div className="ed-kept-quiz">
              <p className="ed-hint">This quiz’s questions are not loaded here: saving keeps them as they are.</p>
              <Button onClick={() => set('quiz', newQuiz())}>Write a new quiz instead</Button>
            </div>
          )}
          {kind === 'quiz' && <FieldError id={`${id}-quizDefinition-error`} message={problems.quizDefinition} />}
          <Checkbox checked={fields.isPreviewFree} onChange={(event) => set('isPreviewFree', event.target.checked)}>
            Is Preview Free?
          </Checkbox>
          <ResourcesEditor
            resources={fields.resources ?? []}
            problem={problems.resources}
            onChange={(resources) => set('resources', resources)}
          />
        </div>
      </Modal>
    </Themed>
  );
}

/** A rich-text field of the lesson (Tiptap), labelled, with its problem under it. */
function RichField({
  id,
  label,
  html,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  html: string;
  problem?: string | undefined;
  onChange: (html: string) => void;
}) {
  return (
    <div className="ed-field">
      <span id={`${id}-label`} className="ed-field-label">
        {label}
      </span>
      <RichTextEditor
        // The dialog was opened to write in: the editor loads at once.
        eager
        value={html}
        onChange={onChange}
        labelledBy={`${id}-label`}
        describedBy={problem ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={problem} />
    </div>
  );
}

/** An article's text, and its reading time as the server will count it. */
function ArticleField({
  id,
  html,
  problem,
  onChange,
}: {
  id: string;
  html: string;
  problem?: string | undefined;
  onChange: (html: string) => void;
}) {
  const minutes = readingMinutes(html);
  return (
    <>
      <RichField id={`${id}-articleHtml`} label="Article text" html={html} problem={problem} onChange={onChange} />
      <p className="ed-hint" aria-live="polite">{`Reading time: ${minutes} min`}</p>
    </>
  );
}
