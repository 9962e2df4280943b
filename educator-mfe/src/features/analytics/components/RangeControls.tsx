import { Button } from '@courseport/shared-ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type DayRange, PRESETS, presetOf, presetRange, rangeProblem } from '../range';

/**
 * The range (the presets, or two dates of one's own) and the course the page is about. The
 * controls stay usable whatever the data's state, so a range that fails can be changed.
 */
export function RangeControls({
  range,
  courseId,
  courses,
  onRange,
  onCourse,
}: {
  range: DayRange;
  courseId: string | null;
  courses: Array<{ id: string; title: string }>;
  onRange: (range: DayRange) => void;
  onCourse: (courseId: string | null) => void;
}) {
  const preset = presetOf(range);
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { from: useId(), to: useId(), course: useId(), problem: useId() };
  // A preset chosen (or the URL changed): the custom dates show the range in force.
  useEffect(() => {
    setDraft(range);
    setProblem(null);
  }, [range]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(draft);
    setProblem(why);
    if (why === null) onRange(draft);
  };

  return (
    <div className="ed-panel ed-an-controls">
      <fieldset className="ed-an-presets">
        <legend className="ed-an-label">Period</legend>
        {PRESETS.map(({ id, label }) => (
          <Button
            key={id}
            type={preset === id ? 'primary' : 'default'}
            aria-pressed={preset === id}
            onClick={() => onRange(presetRange(id))}
          >
            {label}
          </Button>
        ))}
      </fieldset>
      <form className="ed-an-custom" onSubmit={apply} aria-label="Custom period" noValidate>
        <div className="ed-an-field">
          <label className="ed-an-label" htmlFor={ids.from}>
            From
          </label>
          <input
            id={ids.from}
            className="ed-an-input"
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="ed-an-field">
          <label className="ed-an-label" htmlFor={ids.to}>
            To
          </label>
          <input
            id={ids.to}
            className="ed-an-input"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <Button htmlType="submit">Apply dates</Button>
        {problem && (
          <p id={ids.problem} className="ed-an-problem" role="alert">
            {problem}
          </p>
        )}
      </form>
      <div className="ed-an-field ed-an-course">
        <label className="ed-an-label" htmlFor={ids.course}>
          Course
        </label>
        <select
          id={ids.course}
          className="ed-an-input"
          value={courseId ?? ''}
          onChange={(event) => onCourse(event.target.value || null)}
        >
          <option value="">All courses</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
